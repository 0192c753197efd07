package guessgame_test

import (
	"strconv"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/kindtest"
)

func TestKindContract(t *testing.T) {
	kindtest.Run(t, guessgame.New(guessgame.Options{}), kindtest.Options{
		Games: 20,
		Private: func(seat, n int) []bot.Command {
			return []bot.Command{{Verb: "hide", Args: []string{strconv.Itoa(1 + (seat*3+n)%9)}}}
		},
	})
	kindtest.Run(t, guessgame.New(guessgame.Options{Name: "guess2"}), kindtest.Options{Level: 5, Games: 5})
	kindtest.Run(t, guessgame.New(guessgame.Options{}), kindtest.Options{Games: 5, Prepare: func(st bot.State) error {
		_, err := st.Configure(bot.Command{Verb: "top", Args: []string{"40"}})
		return err
	}})
}
