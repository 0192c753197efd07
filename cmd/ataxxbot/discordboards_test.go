package main

import (
	"bytes"
	"fmt"
	"image/png"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/discord/discordtest"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// TestDiscordBoardsOption runs the bot process against the Discord
// stand-in with each value of discord.boards: a board is a PNG
// attachment unless boards is text; a value it does not know stops the
// process with a one-line reason.
func TestDiscordBoardsOption(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot process")
	}
	bin := buildBot(t)
	for _, tc := range []struct {
		name, line string
		picture    bool
	}{
		{name: "unset", line: "", picture: true},
		{name: "image", line: "  boards: image\n", picture: true},
		{name: "text", line: "  boards: text\n", picture: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := discordtest.New(t, "999", "app1")
			cfg := writeConfig(t, fmt.Sprintf("store: memory\ndiscord:\n  token: tok\n  app_id: app1\n  prefix_commands: true\n  api_base: %s\n%s", fake.URL(), tc.line))
			cmd := exec.Command(bin, "-config", cfg)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
			select {
			case <-fake.Ident:
			case <-time.After(30 * time.Second):
				t.Fatal("the bot never identified")
			}
			say := func(id, text string) discordtest.Call {
				from := fake.Count()
				fake.Dispatch("MESSAGE_CREATE", map[string]any{"id": id, "channel_id": "d1", "guild_id": "g1",
					"author": map[string]any{"id": "222", "username": "bob"}, "content": text})
				c, _ := fake.WaitCall(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/d1/messages" })
				return c
			}
			say("m1", "!ataxx start")
			c := say("m2", "!board")
			content, _ := c.Body["content"].(string)
			if !tc.picture {
				if len(c.Files) != 0 || !strings.HasPrefix(content, "```\n") {
					t.Errorf("board with boards: text: got %q and %d files; want a code block and no file", content, len(c.Files))
				}
				return
			}
			if c.Err != nil || len(c.Files) != 1 {
				t.Fatalf("board: got %d files (%v), content %q; want one picture", len(c.Files), c.Err, content)
			}
			if _, err := png.Decode(bytes.NewReader(c.Files[0].Data)); err != nil || c.Files[0].Name != "board.png" {
				t.Errorf("board: got file %q that decodes with error %v; want board.png, a PNG", c.Files[0].Name, err)
			}
			if strings.Contains(content, "```") {
				t.Errorf("board: content %q; want no code block beside the picture", content)
			}
		})
	}
	t.Run("unknown value", func(t *testing.T) {
		cfg := writeConfig(t, "store: memory\ndiscord:\n  token: tok\n  app_id: app1\n  api_base: http://127.0.0.1:1\n  boards: png\n")
		out, err := exec.Command(bin, "-config", cfg).CombinedOutput()
		if err == nil || !strings.Contains(string(out), `boards "png"`) {
			t.Errorf("boards: png: got %v, output %q; want the process to stop naming the value", err, out)
		}
	})
}

// TestDiscordPictureByMail: a game hosted on a console process and joined
// from Discord (another process, one Redis): the board after a move made
// on the console reaches Discord by mail, and is shown there as a
// picture, drawn by the Discord process from the reply's Shot; the
// console shows the text board.
func TestDiscordPictureByMail(t *testing.T) {
	if testing.Short() {
		t.Skip("runs redis-server and two processes")
	}
	url := redistest.Start(t).URL
	bin := buildBot(t)
	fake := discordtest.New(t, "999", "app1")
	cfg := writeConfig(t, fmt.Sprintf("store: %s\nlease_ttl: 1s\ndiscord:\n  token: tok\n  app_id: app1\n  prefix_commands: true\n  api_base: %s\n", url, fake.URL()))
	d := exec.Command(bin, "-config", cfg)
	var logs lockedBuffer
	d.Stderr = &logs
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the Discord process said:\n%s", logs.String())
		}
	})
	if err := d.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Process.Kill(); d.Wait() })
	select {
	case <-fake.Ident:
	case <-time.After(30 * time.Second):
		t.Fatal("the Discord bot never identified")
	}
	a := startProc(t, bin, "alice's console", nil, "-store", url, "-channel", "#north")
	a.send(t, "<alice> host g1")
	a.expect(t, "alice hosts Ataxx as g1.", procTimeout)
	fake.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m1", "channel_id": "d1", "guild_id": "g1",
		"author": map[string]any{"id": "222", "username": "bob"}, "content": "!join g1@north"})
	a.expect(t, "Game on: Red (alice) vs Blue (bob)", procTimeout)
	a.send(t, "<alice> verbose")
	a.send(t, "<alice> a7-b6")
	a.expect(t, "plays a7-b6", procTimeout)
	a.expect(t, "a b c d e f g", procTimeout) // the console's text board
	c, _ := fake.WaitCall(0, func(c discordtest.Call) bool {
		s, _ := c.Body["content"].(string)
		return c.Path == "/api/v9/channels/d1/messages" && strings.Contains(s, "plays a7-b6")
	})
	content, _ := c.Body["content"].(string)
	if c.Err != nil || len(c.Files) != 1 {
		t.Fatalf("the move on Discord: %d files (%v), content %q; want the board's picture", len(c.Files), c.Err, content)
	}
	if _, err := png.Decode(bytes.NewReader(c.Files[0].Data)); err != nil {
		t.Errorf("the move on Discord: the attachment is not a PNG: %v", err)
	}
	if strings.Contains(content, "```") {
		t.Errorf("the move on Discord: content %q; want no code block beside the picture", content)
	}
}
