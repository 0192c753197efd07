package discord_test

import (
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/adapters/discord/discordtest"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
)

// TestTournamentStandingsArePictures: a tournament run from a Discord
// channel ends with its standings as a picture under the line that says
// it is over; !tournament crosstable is a picture too, and with boards as
// text both are code blocks.
func TestTournamentStandingsArePictures(t *testing.T) {
	for _, pictures := range []bool{true, false} {
		boards := ""
		if !pictures {
			boards = "text"
		}
		t.Run(map[bool]string{true: "pictures", false: "text"}[pictures], func(t *testing.T) {
			h := startBoards(t, bot.Config{Archive: true}, boards, ataxxgame.New(ataxxgame.Greedy{}, ataxxgame.Options{}))
			from := h.Count()
			h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m-tour", "channel_id": "p1", "guild_id": guildID,
				"author": user("111", "alice"), "content": "!tournament ataxx roundrobin ai:2 ai:3 ai:4 rounds 1", "mentions": []any{}})
			over, _ := h.WaitCall(from, func(c discordtest.Call) bool { return strings.Contains(content(c), "is over.") })
			check := func(what string, c discordtest.Call, header string) {
				t.Helper()
				if pictures {
					boardPicture(t, c)
					return
				}
				if len(c.Files) != 0 || !strings.Contains(content(c), "```") || !strings.Contains(content(c), header) {
					t.Errorf("%s with boards as text: got %q and %d files; want a code block with %q", what, content(c), len(c.Files), header)
				}
			}
			if pictures {
				check("the final standings", over, "")
			} else {
				c, _ := h.WaitCall(from, func(c discordtest.Call) bool { return strings.Contains(content(c), "W-D-L") })
				check("the final standings", c, "W-D-L")
			}
			checkAllowedMentions(t, over)
			from = h.Count()
			h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m-cross", "channel_id": "p1", "guild_id": guildID,
				"author": user("222", "bob"), "content": "!tournament crosstable", "mentions": []any{}})
			c, _ := h.WaitCall(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/p1/messages" })
			check("the crosstable", c, "Total")
		})
	}
}
