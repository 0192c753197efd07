package congogame_test

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/bot/kindtest"
)

// TestKindContract: Congo keeps the contract of every kind the host
// carries, with random AI playouts (level 1) and with the search (level
// 2), from the standard board and from the guide's busy position.
func TestKindContract(t *testing.T) {
	k := congogame.New(nil, congogame.Options{})
	kindtest.Run(t, k, kindtest.Options{Games: 4, MaxActions: 400})
	kindtest.Run(t, k, kindtest.Options{Games: 2, MaxActions: 200, Level: 2})
	kindtest.Run(t, k, kindtest.Options{Games: 2, MaxActions: 200, Prepare: func(st bot.State) error {
		_, err := st.Configure(bot.Command{Verb: "position", Args: []string{"1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1"}})
		return err
	}})
}
