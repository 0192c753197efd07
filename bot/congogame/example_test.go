package congogame_test

import (
	"fmt"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
)

// A monkey's jumps taken one at a time, as the host would call the kind:
// the turn stays with White until the monkey takes the lion.
func Example() {
	kind := congogame.New(nil, congogame.Options{})
	st, _ := kind.New("")
	st.Configure(bot.Command{Verb: "position", Args: []string{"7/4l2/7/4c2/7/2p4/1M1L3/w/-1"}})
	st.Begin()
	for _, c := range []bot.Command{{Verb: "b1-d3"}, {Verb: "move", Args: []string{"d3", "f5"}}, {Verb: "f5-d7"}} {
		p, err := st.Act(st.Pending()[0], c)
		fmt.Println(p.Notation, p.Public, err, st.Pending())
	}
	res := st.Result()
	fmt.Println(res.Winner, res.Ending)
	data, _ := st.Encode()
	fmt.Println(string(data))
	// Output:
	// b1-d3 The monkey on d3 may jump on, or stop (say stop). <nil> [0]
	// d3-f5 The monkey on f5 may jump on, or stop (say stop). <nil> [0]
	// f5-d7  <nil> []
	// 0 lion taken
	// {"start":"7/4l2/7/4c2/7/2p4/1M1L3/w/-1","moves":"b1-d3+ d3-f5+ f5-d7"}
}

func ExampleBareMove() {
	for _, w := range []string{"a2-a3", "b1-d3-f5", "a2", "h1-h2", "stop"} {
		fmt.Println(w, congogame.BareMove(w))
	}
	// Output:
	// a2-a3 true
	// b1-d3-f5 true
	// a2 true
	// h1-h2 false
	// stop false
}
