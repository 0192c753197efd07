package congogame_test

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
)

// TestPhrase: in chat a move is a transition inside the host's line; as
// the guide's program, only the guide's lines are said.
func TestPhrase(t *testing.T) {
	played := bot.Announcement{Topic: bot.TopicPlayed, Notation: "b1-d3",
		Text: "White (you) plays b1-d3. The monkey on d3 may jump on, or stop (say stop). White (you) to move."}
	tests := []struct {
		name  string
		guide bool
		a     bot.Announcement
		want  string
	}{
		{"chat move", false, played, "White (you): transition (b1,d3). The monkey on d3 may jump on, or stop (say stop). White (you) to move."},
		{"chat path", false, bot.Announcement{Topic: bot.TopicPlayed, Notation: "b1-d3-f5", Text: "Black (AI level 3) plays b1-d3-f5. White (bob) to move."},
			"Black (AI level 3): transition (b1,d3,f5). White (bob) to move."},
		{"chat chatter", false, bot.Announcement{Topic: bot.TopicChatter, Text: "Game on."}, "Game on."},
		{"chat refusal", false, bot.Announcement{Topic: bot.TopicRefused, Text: "not your turn"}, "not your turn"},
		{"guide move", true, played, " transition (b1,d3)\n The monkey on d3 may jump on, or stop (say stop)."},
		{"guide plain move", true, bot.Announcement{Topic: bot.TopicPlayed, Notation: "a2-a3", Text: "White (you) plays a2-a3. Black (AI random) to move."}, " transition (a2,a3)"},
		{"guide chatter is not said", true, bot.Announcement{Topic: bot.TopicChatter, Text: "Game on."}, ""},
		{"guide refusal", true, bot.Announcement{Topic: bot.TopicRefused, Text: `Entered move is wrong. Consult "show moves".`}, ` Entered move is wrong. Consult "show moves".`},
		{"guide result", true, bot.Announcement{Topic: bot.TopicOver, Text: "White wins. (lion taken)"}, " White wins. (lion taken)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := congogame.New(nil, congogame.Options{Guide: tt.guide})
			if got := g.Phrase(tt.a); got != tt.want {
				t.Errorf("got %q; want %q", got, tt.want)
			}
		})
	}
}
