package stratego

import (
	"fmt"
	"strconv"
)

// Width and Height of the board.
const (
	Width  = 10
	Height = 10
	// NumSquares is Width*Height.
	NumSquares = Width * Height
)

// Square is a square of the board, y*10+x, counted as the protocol counts:
// x 0–9 from left to right, y 0–9 from top (Red's back row) to bottom
// (Blue's back row). NoSquare is -1.
//
// Its chat name has a column letter a–j for x 0–9 and a row number 1–10
// counted from Red's side (row = y+1): Red's back row is row 1, Blue's is
// row 10; the protocol's "1 3" is b4.
type Square int8

// NoSquare is no square at all.
const NoSquare Square = -1

// SquareAt returns the square at protocol coordinates (x, y), or NoSquare
// when they are off the board.
func SquareAt(x, y int) Square {
	if x < 0 || x >= Width || y < 0 || y >= Height {
		return NoSquare
	}
	return Square(y*Width + x)
}

// X returns the column, 0–9.
func (s Square) X() int { return int(s) % Width }

// Y returns the row as the protocol counts it, 0 at the top (Red's side).
func (s Square) Y() int { return int(s) / Width }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < NumSquares }

// IsLake reports whether s is one of the eight lake squares: x in
// {2,3,6,7}, y in {4,5}.
func (s Square) IsLake() bool { return s.Valid() && isLake[s] }

var isLake = func() (l [NumSquares]bool) {
	for _, y := range []int{4, 5} {
		for _, x := range []int{2, 3, 6, 7} {
			l[y*Width+x] = true
		}
	}
	return l
}()

// String returns the chat name ("b4"), or "-" for NoSquare.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string(rune('a'+s.X())) + strconv.Itoa(s.Y()+1)
}

// ParseSquare reads a chat square name: a column letter a–j (either case)
// and a row 1–10.
func ParseSquare(s string) (Square, error) {
	if len(s) < 2 || len(s) > 3 {
		return NoSquare, fmt.Errorf("square %q: %w", s, ErrInvalidSquare)
	}
	c := s[0] | 0x20
	if c < 'a' || c > 'j' {
		return NoSquare, fmt.Errorf("square %q: %w", s, ErrInvalidSquare)
	}
	if s[1] == '0' || s[1] == '+' || s[1] == '-' {
		return NoSquare, fmt.Errorf("square %q: %w", s, ErrInvalidSquare)
	}
	row, err := strconv.Atoi(s[1:])
	if err != nil || row < 1 || row > Height {
		return NoSquare, fmt.Errorf("square %q: %w", s, ErrInvalidSquare)
	}
	return SquareAt(int(c-'a'), row-1), nil
}

// Direction is one of the protocol's four directions. UP is towards y 0
// (Red's back row), DOWN towards y 9.
type Direction uint8

const (
	Up Direction = iota
	Down
	Left
	Right
)

var dirNames = [4]string{"UP", "DOWN", "LEFT", "RIGHT"}
var dirDX = [4]int{0, 0, -1, 1}
var dirDY = [4]int{-1, 1, 0, 0}

// String returns "UP", "DOWN", "LEFT" or "RIGHT".
func (d Direction) String() string {
	if d > Right {
		return fmt.Sprintf("Direction(%d)", uint8(d))
	}
	return dirNames[d]
}

// ParseDirection reads a protocol direction word; it is case-sensitive,
// as the program is.
func ParseDirection(s string) (Direction, bool) {
	for i, n := range dirNames {
		if s == n {
			return Direction(i), true
		}
	}
	return 0, false
}

// Step returns the square n steps from s in direction d, or NoSquare.
func (s Square) Step(d Direction, n int) Square {
	if !s.Valid() || d > Right {
		return NoSquare
	}
	return SquareAt(s.X()+dirDX[d]*n, s.Y()+dirDY[d]*n)
}

// rays[s][d] lists the squares from s in direction d up to the edge or the
// first lake (lakes end every line).
type ray struct {
	n   int8
	sqs [Width - 1]Square
}

var rays = func() (r [NumSquares][4]ray) {
	for s := Square(0); s < NumSquares; s++ {
		if s.IsLake() {
			continue
		}
		for d := Up; d <= Right; d++ {
			for n := 1; ; n++ {
				t := s.Step(d, n)
				if t == NoSquare || t.IsLake() {
					break
				}
				r[s][d].sqs[r[s][d].n] = t
				r[s][d].n++
			}
		}
	}
	return r
}()
