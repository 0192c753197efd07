package ataxx_test

import (
	"fmt"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

func Example() {
	p := ataxx.NewPosition()
	for _, s := range []string{"a7-b6", "g7-e5", "b6-d5"} {
		m, err := ataxx.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			return
		}
		if _, _, err := p.Play(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Print(p.Dump())
	fmt.Println(p.FEN())
	// Output:
	// ===
	//   r - - - - - -
	//   - - - - - - -
	//   - - - r r - -
	//   - - - - - - -
	//   - - - - - - -
	//   - - - - - - -
	//   b - - - - - r
	// ===
	// x6/7/3xx2/7/7/7/o5x o 2 2
}

func ExamplePosition_Play_illegal() {
	p := ataxx.NewPosition()
	m, _ := ataxx.ParseMove("d4")
	_, _, err := p.Play(m)
	fmt.Println(err)
	// Output:
	// illegal move: d4 has no Red piece next to it
}

func ExamplePerft() {
	p := ataxx.NewPosition()
	p.SetRules(ataxx.RulesUAI)
	for depth := 1; depth <= 4; depth++ {
		fmt.Println(depth, ataxx.Perft(&p, depth))
	}
	// Output:
	// 1 16
	// 2 256
	// 3 6460
	// 4 155888
}
