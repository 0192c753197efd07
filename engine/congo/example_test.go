package congo_test

import (
	"fmt"

	"github.com/ataxxbot/ataxxbot/engine/congo"
)

func Example() {
	p := congo.NewPosition()
	m, err := p.ParseMove("a2 a3")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(congo.TransitionText(m))
	if err := p.Play(m); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(congo.BoardText(&p))
	fmt.Println(p.FEN())
	// Output:
	//  transition (a2,a3)
	//  7   g m e l e c z
	//  6   p p p p p p p
	//  5   - - - - - - -
	//  4   + + + + + + +
	//  3   P - - - - - -
	//  2   - P P P P P P
	//  1   G M E L E C Z
	//
	//  /   a b c d e f g
	// gmelecz/ppppppp/7/7/P6/1PPPPPP/GMELECZ/b/-1
}

// A monkey's multi-capture, taken a jump at a time as the guide's program
// does: the turn stays with the monkey until it cannot jump again.
func ExamplePosition_ParseStep() {
	p, _ := congo.ParseFEN("7/4l2/7/4c2/7/2p4/1M1L3/w/-1")
	for _, step := range []string{"b1 d3", "d3 f5", "f5 d7"} {
		m, err := p.ParseStep(step)
		if err != nil {
			fmt.Println(err)
			return
		}
		p.MakeMove(m)
		fmt.Println(step, "->", p.FEN(), p.Outcome())
	}
	// Output:
	// b1 d3 -> 7/4l2/7/4c2/3M3/7/3L3/w/43 ongoing
	// d3 f5 -> 7/4l2/5M1/7/7/7/3L3/w/43 ongoing
	// f5 d7 -> 3M3/7/7/7/7/7/3L3/b/-1 white wins
}

func ExamplePosition_LegalMoves() {
	p, _ := congo.ParseFEN("7/4l2/7/4c2/7/2p4/1M1L3/w/-1")
	fmt.Print(congo.MovesText(p.LegalMoves()))
	// Output:
	//  (b1,d3) (b1,d3,f5) (b1,d3,f5,d7)
	//  (b1,a2) (b1,b2) (b1,a1) (b1,c1) (d1,c2)
	//  (d1,d2) (d1,e2) (d1,c1) (d1,e1)
}
