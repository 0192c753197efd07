package discord_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/adapters/discord"
	"github.com/ataxxbot/ataxxbot/adapters/discord/discordtest"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
)

// samePixels reports how two PNGs differ, or nil when they decode to the
// same pixels.
func samePixels(got, want []byte) error {
	g, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		return fmt.Errorf("the attachment is not a PNG: %w", err)
	}
	w, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		return fmt.Errorf("the expected picture is not a PNG: %w", err)
	}
	if g.Bounds() != w.Bounds() {
		return fmt.Errorf("got a %v picture; want %v", g.Bounds(), w.Bounds())
	}
	for y := g.Bounds().Min.Y; y < g.Bounds().Max.Y; y++ {
		for x := g.Bounds().Min.X; x < g.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := g.At(x, y).RGBA()
			r2, g2, b2, a2 := w.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return fmt.Errorf("pixel %v: got %v; want %v", image.Pt(x, y), g.At(x, y), w.At(x, y))
			}
		}
	}
	return nil
}

// boardPicture checks that c shows a board as a picture: one PNG file,
// board.png, that an image embed refers to, and no monospaced block in
// its content; it returns the PNG.
func boardPicture(t *testing.T, c discordtest.Call) []byte {
	t.Helper()
	if c.Err != nil {
		t.Fatalf("%s: %v", c.Path, c.Err)
	}
	if len(c.Files) != 1 {
		t.Fatalf("%s: got %d files; want 1 (the board's picture); content %q", c.Path, len(c.Files), content(c))
	}
	f := c.Files[0]
	if f.Name != "board.png" || f.ContentType != "image/png" {
		t.Errorf("%s: got file %q of type %q; want board.png of type image/png", c.Path, f.Name, f.ContentType)
	}
	if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil {
		t.Errorf("%s: the attachment is not a PNG: %v", c.Path, err)
	}
	embeds, _ := field(c, "embeds").([]any)
	if len(embeds) != 1 {
		t.Fatalf("%s: got %d embeds; want 1", c.Path, len(embeds))
	}
	img, _ := embeds[0].(map[string]any)["image"].(map[string]any)
	if url, _ := img["url"].(string); url != "attachment://board.png" {
		t.Errorf("%s: the embed's image is %q; want attachment://board.png", c.Path, url)
	}
	if strings.Contains(content(c), "```") {
		t.Errorf("%s: content %q has a monospaced block; want the picture in its place", c.Path, content(c))
	}
	return f.Data
}

// want is the host's picture of a Discord table as viewer sees it now.
func (h *harness) want(channel string, viewer int) []byte {
	h.t.Helper()
	data, err := h.bot.Picture(context.Background(), bot.Table{Network: discord.Network, Channel: channel}, viewer)
	if err != nil {
		h.t.Fatalf("Picture(%s, %d): %v", channel, viewer, err)
	}
	return data
}

// TestBoardPictures: a board after a move, the Board button, the AI's
// move (through the Sender) and board text, with each boards setting:
// as pictures, each a PNG of the position the text would show, with the
// line about the move as the message's content; as text, the old code
// blocks and no file.
func TestBoardPictures(t *testing.T) {
	for _, tc := range []struct {
		name, boards string
		pictures     bool
	}{
		{name: "default", boards: "", pictures: true},
		{name: "image", boards: discord.BoardsImage, pictures: true},
		{name: "text", boards: discord.BoardsText, pictures: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := startBoards(t, bot.Config{}, tc.boards)
			// shown checks that c (with pictures) or a message sent
			// since from (with text) shows the board of channel to
			// viewer as the setting says.
			shown := func(what string, c discordtest.Call, from int, channel string, viewer int) {
				t.Helper()
				if !tc.pictures {
					h.WaitCall(from, func(c discordtest.Call) bool { return strings.HasPrefix(content(c), "```\n") })
					for _, c := range h.Calls()[from:] {
						if len(c.Files) != 0 || field(c, "embeds") != nil {
							t.Errorf("%s: %s has %d files, embeds %v; want none with boards: text", what, c.Path, len(c.Files), field(c, "embeds"))
						}
					}
					return
				}
				if err := samePixels(boardPicture(t, c), h.want(channel, viewer)); err != nil {
					t.Errorf("%s: the picture is not the position's: %v", what, err)
				}
			}
			h.slash("p1", "111", "alice", "start", "opponent", user("222", "bob"))
			h.press("p1", "222", "bob", "join")
			h.slash("p1", "111", "alice", "game/verbose")
			from := h.Count()
			r := h.slash("p1", "111", "alice", "move", "move", "a7-b6")
			shown("a move", r, from, "p1", bot.Spectator)
			if want := "Red (alice) plays a7-b6. Blue (bob) to move."; content(r) != want {
				t.Errorf("a move: content %q; want %q", content(r), want)
			}
			if got := buttonCommands(r); tc.pictures && fmt.Sprint(got) != "[undo resign board]" {
				t.Errorf("a move: buttons %v; want [undo resign board] under the picture", got)
			}
			checkAllowedMentions(t, r)
			from = h.Count()
			r = h.press("p1", "333", "carol", "board")
			shown("the Board button", r, from, "p1", bot.Spectator)
			checkAllowedMentions(t, r)

			// board text: the text board, whatever the setting.
			from = h.Count()
			h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m-text-" + tc.name, "channel_id": "p1", "guild_id": guildID,
				"author": user("333", "carol"), "content": "!board text", "mentions": []any{}})
			c, _ := h.WaitCall(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/p1/messages" })
			if len(c.Files) != 0 || !strings.HasPrefix(content(c), "```\n") {
				t.Errorf("board text: got %q with %d files; want a code block and no file", content(c), len(c.Files))
			}
			from = h.Count()
			r = h.slash("p1", "333", "carol", "game/board", "as", "text")
			for _, c := range h.Calls()[from:] {
				if len(c.Files) != 0 {
					t.Errorf("/game board as:text: %s has a file; want the text board alone", c.Path)
				}
			}
			if !strings.HasPrefix(content(r), "```\n") {
				t.Errorf("/game board as:text: got %q; want a code block", content(r))
			}

			// The AI's move comes through the Sender, as its own message.
			from = h.Count()
			h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m-ai-" + tc.name, "channel_id": "p2", "guild_id": guildID,
				"author": user("444", "dave"), "content": "!ataxx start ai", "mentions": []any{}})
			_, from = h.WaitCall(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/p2/messages" })
			h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m-ai2-" + tc.name, "channel_id": "p2", "guild_id": guildID,
				"author": user("444", "dave"), "content": "!verbose", "mentions": []any{}})
			_, from = h.WaitCall(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/p2/messages" })
			h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m-ai3-" + tc.name, "channel_id": "p2", "guild_id": guildID,
				"author": user("444", "dave"), "content": "!a7-b6", "mentions": []any{}})
			c, next := h.WaitCall(from, func(c discordtest.Call) bool {
				return c.Path == "/api/v9/channels/p2/messages" && strings.Contains(content(c), "(AI level 3) plays")
			})
			shown("the AI's move", c, next-1, "p2", bot.Spectator)
			checkAllowedMentions(t, c)
		})
	}
}

// TestStrategoPicturesNoLeak: Stratego with boards as pictures. Every
// picture sent is one the host draws for a viewer at some moment of the
// game; a seat's picture (its own army) reaches only that seat's DMs or
// its own ephemeral answers, the channel only the spectator's, which is
// the same byte for byte at two tables whose armies differ (no
// unrevealed rank), and each player sees their own army.
func TestStrategoPicturesNoLeak(t *testing.T) {
	k, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := start(t, k)
	// Two tables, w2 and w3, whose players have the same names and
	// whose armies differ. views maps each picture the host drew to whom
	// it shows: "spectator" or a player's id. Taken after every step,
	// while nothing moves.
	tables := []struct{ channel, red, blue string }{{"w2", "111", "222"}, {"w3", "444", "555"}}
	views := map[string]string{}
	look := func() {
		for _, tb := range tables {
			for viewer, who := range map[int]string{bot.Spectator: "spectator", 0: tb.red, 1: tb.blue} {
				data, err := h.bot.Picture(context.Background(), bot.Table{Network: discord.Network, Channel: tb.channel}, viewer)
				if errors.Is(err, bot.ErrNotFound) {
					continue // not begun yet
				}
				if err != nil {
					t.Fatalf("Picture(%s, %d): %v", tb.channel, viewer, err)
				}
				if prev, ok := views[string(data)]; ok && prev != who {
					who = "spectator" // the same as another viewer's: shows nothing hidden
				}
				views[string(data)] = who
			}
		}
	}
	settle := func(from int, match func(discordtest.Call) bool) {
		h.WaitCall(from, match)
		look()
	}
	dm := func(uid, name, text string) {
		from := h.Count()
		h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "mp" + uid + text, "channel_id": "dm-" + uid,
			"author": user(uid, name), "content": text})
		settle(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/dm-"+uid+"/messages" })
	}
	for i, tb := range tables {
		h.slash(tb.channel, tb.red, "alice", "stratego/start", "opponent", user(tb.blue, "bob"))
		look()
		h.press(tb.channel, tb.blue, "bob", "join")
		look()
		armies := []string{"setup fortress", "setup progcomp"}
		dm(tb.red, "alice", armies[i])
		dm(tb.blue, "bob", armies[1-i])
		dm(tb.red, "alice", "ready")
		h.slash(tb.channel, tb.blue, "bob", "stratego/ready")
		look()
	}
	// The spectator's picture is the same at both tables, byte for byte,
	// though every army differs: it shows no unrevealed rank.
	if a, b := boardPicture(t, h.slash("w2", "333", "carol", "game/board")), boardPicture(t, h.slash("w3", "333", "carol", "game/board")); !bytes.Equal(a, b) {
		t.Errorf("carol's pictures of w2 and w3 differ (%d and %d bytes); want the same: only hidden ranks differ", len(a), len(b))
	}
	if bytes.Equal(h.want("w2", 0), h.want("w3", 0)) {
		t.Fatalf("Red's pictures of w2 and w3 are the same; want each army shown to its player (the test proves nothing)")
	}
	r := h.slash("w2", "333", "carol", "game/board")
	if err := samePixels(boardPicture(t, r), h.want("w2", bot.Spectator)); err != nil || ephemeral(r) {
		t.Errorf("carol's board: ephemeral %v, %v; want the spectator's picture in the channel", ephemeral(r), err)
	}
	r = h.slash("w2", "222", "bob", "game/board")
	if err := samePixels(boardPicture(t, r), h.want("w2", 1)); err != nil || !ephemeral(r) {
		t.Errorf("bob's board: ephemeral %v, %v; want Blue's picture to him alone", ephemeral(r), err)
	}
	// Each player has been shown their own army as a picture, in a DM or
	// an ephemeral follow-up to their own command (the setup, the start
	// of play); wait for both before reading every call.
	for _, who := range []string{"111", "222", "444", "555"} {
		h.WaitCall(0, func(c discordtest.Call) bool {
			private := c.Path == "/api/v9/channels/dm-"+who+"/messages" || ephemeral(c) && h.madeBy(c) == who
			return private && len(c.Files) == 1 && views[string(c.Files[0].Data)] == who && strings.Contains(string(c.Files[0].Data), "PNG")
		})
	}
	shown := map[string]int{}
	for _, c := range h.Calls() {
		for _, f := range c.Files {
			who, ok := views[string(f.Data)]
			if !ok {
				t.Errorf("%s %s: a picture the host never drew for any viewer", c.Method, c.Path)
				continue
			}
			switch {
			case who == "spectator":
			case c.Path == "/api/v9/channels/dm-"+who+"/messages", ephemeral(c) && h.madeBy(c) == who:
				shown[who]++
			default:
				t.Errorf("%s %s (ephemeral %v, made by %q) carries the picture of %s's army", c.Method, c.Path, ephemeral(c), h.madeBy(c), who)
			}
		}
		if strings.Contains(content(c), "```") && c.Method == "POST" && len(c.Files) == 0 && strings.Contains(content(c), "Stratego (") {
			t.Errorf("%s %s: a text board %q; want a picture", c.Method, c.Path, content(c))
		}
	}
	if len(shown) != 4 {
		t.Errorf("private pictures shown: %v; want each of the four players to see their own army", shown)
	}
	// The board's note (what the picture does not say) goes with it: the
	// instruction and each player's own army, to them alone.
	for _, c := range h.Calls() {
		if strings.Contains(content(c), "Your army: ") && !strings.HasPrefix(c.Path, "/api/v9/channels/dm-") && !ephemeral(c) {
			t.Errorf("%s %s: an army in public: %q", c.Method, c.Path, content(c))
		}
	}
	for _, tc := range []struct{ who, note string }{
		{"111", "Send your army privately"}, {"222", "Send your army privately"},
		{"111", "Your army: "}, {"222", "Your army: "},
	} {
		found := false
		for _, c := range h.Calls() {
			private := c.Path == "/api/v9/channels/dm-"+tc.who+"/messages" || ephemeral(c) && h.madeBy(c) == tc.who
			found = found || private && len(c.Files) == 1 && strings.Contains(content(c), tc.note)
		}
		if !found {
			t.Errorf("no picture to %s with %q beside it; want the board's note with its picture", tc.who, tc.note)
		}
	}
}

// pictureHandler answers every message with a board whose picture fails.
type pictureHandler struct{}

func (pictureHandler) Handle(ctx context.Context, m bot.Message) []bot.Reply {
	return []bot.Reply{{Text: "Red plays b6."}, {Text: "a b\n1 r -", Mono: true, Picture: func() ([]byte, error) {
		return nil, errors.New("the pen ran dry")
	}}}
}

// TestBrokenPictureFallsBack: a picture that cannot be drawn leaves the
// text board in its code block, and the adapter carries on.
func TestBrokenPictureFallsBack(t *testing.T) {
	h := startHandler(t, discord.Config{Token: "t", AppID: appID, PrefixCommands: true}, pictureHandler{})
	from := h.Count()
	h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m1", "channel_id": "c1", "guild_id": guildID,
		"author": user("111", "alice"), "content": "!board", "mentions": []any{}})
	c, next := h.WaitCall(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/c1/messages" })
	if content(c) != "Red plays b6." {
		t.Errorf("first message: got %q; want the line about the move", content(c))
	}
	c, _ = h.WaitCall(next, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/c1/messages" })
	if want := "```\na b\n1 r -\n```"; content(c) != want || len(c.Files) != 0 {
		t.Errorf("board: got %q with %d files; want %q and no file", content(c), len(c.Files), want)
	}
}

// TestBoardsSetting: the boards option takes image or text.
func TestBoardsSetting(t *testing.T) {
	for _, tc := range []struct {
		name, boards string
		ok           bool
	}{
		{name: "unset", boards: "", ok: true},
		{name: "image", boards: "image", ok: true},
		{name: "text", boards: "text", ok: true},
		{name: "png", boards: "png", ok: false},
		{name: "capitals", boards: "Image", ok: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := discord.New(discord.Config{Token: "t", AppID: appID, Boards: tc.boards}, pictureHandler{}, nil)
			if got := err == nil; got != tc.ok {
				t.Errorf("New with boards %q: got error %v; want ok %v", tc.boards, err, tc.ok)
			}
		})
	}
}

// TestRefusedPictureFallsBack: where Discord refuses files (the bot may
// not attach them in a channel), the board is sent as text instead, once,
// on both paths: a channel message and an interaction's answer.
func TestRefusedPictureFallsBack(t *testing.T) {
	h := start(t)
	h.RefuseFiles()
	h.slash("r1", "111", "alice", "start", "opponent", user("222", "bob"))
	h.press("r1", "222", "bob", "join")
	h.slash("r1", "111", "alice", "game/verbose")

	from := h.Count()
	h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m-refused", "channel_id": "r1", "guild_id": guildID,
		"author": user("333", "carol"), "content": "!board", "mentions": []any{}})
	refusedCall, next := h.WaitCall(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/r1/messages" })
	if len(refusedCall.Files) != 1 {
		t.Fatalf("board: the first message has %d files; want the picture, which the stand-in refuses", len(refusedCall.Files))
	}
	c, _ := h.WaitCall(next, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/r1/messages" })
	if len(c.Files) != 0 || !strings.HasPrefix(content(c), "```\n") {
		t.Errorf("board after the refusal: got %q with %d files; want the text board", content(c), len(c.Files))
	}

	from = h.Count()
	r := h.slash("r1", "111", "alice", "move", "move", "a7-b6")
	if len(r.Files) != 1 {
		t.Fatalf("move: the answer has %d files; want the picture, which the stand-in refuses", len(r.Files))
	}
	var texts []string
	for i := from; len(texts) < 2; {
		var c discordtest.Call
		c, i = h.WaitCall(i, func(c discordtest.Call) bool {
			return strings.HasPrefix(c.Path, "/api/v9/interactions/") || strings.HasPrefix(c.Path, "/api/v9/webhooks/")
		})
		if len(c.Files) == 0 {
			texts = append(texts, content(c))
		}
	}
	if want := "Red (alice) plays a7-b6. Blue (bob) to move."; texts[0] != want || !strings.HasPrefix(texts[1], "```\n") {
		t.Errorf("move after the refusal: got %q; want %q and then the text board", texts, want)
	}
}
