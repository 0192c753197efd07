package abalone_test

import (
	"fmt"

	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

func Example() {
	p := abalone.NewPosition(abalone.BelgianDaisy)
	m, err := p.ParseMove("a1b2")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.FormatMove(m, abalone.Standard), p.FormatMove(m, abalone.AMalone))
	p.MakeMove(m)
	fmt.Println(p.Text())
	fmt.Println(abalone.Perft(&p, 2))
	// Output:
	// a1b2 3A1-A0
	// ww1bb/wwwbbb/1ww1bb1/8/9/3b4/1bb1ww1/bbbwww/1b1ww w 0 0
	// 3045
}

func ExamplePosition_ParseMove() {
	p, _ := abalone.ParsePosition("black=D4,E4,F4;white=G4,H4")
	m, _ := p.ParseMove("3E2-E4+")
	e, _, _ := p.Play(m)
	fmt.Println(m, e.Pushed, e.Ejected, p.Lost(abalone.White))
	// Output: d4e4 2 true 1
}
