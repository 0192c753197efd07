package deliver_test

import (
	"fmt"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/deliver"
)

// A table's replies wait in a box of their own, except on a network one
// process serves whole, whose tables share the network's box.
func ExampleRouter_BoxOf() {
	r := &deliver.Router{WholeNetworks: map[string]bool{"discord": true}}
	fmt.Println(r.BoxOf(bot.Table{Network: "irc", Channel: "#ataxx"}))
	fmt.Println(r.BoxOf(bot.Table{Network: "discord", Channel: "1234"}))
	// Output:
	// irc:#ataxx
	// discord
}
