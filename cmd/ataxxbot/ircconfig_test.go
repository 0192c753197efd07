package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestIRCConfigReachesTheAdapter: the nick options of the config file's
// irc section (and the NickServ password from the environment) are what
// the adapter is given.
func TestIRCConfigReachesTheAdapter(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.yaml")
	yaml := "irc:\n  server: 127.0.0.1\n  port: 6667\n  nick: ataxxbot\n  channels: ['#games']\n  regain_every: 45s\n"
	if err := os.WriteFile(path, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ATAXXBOT_IRC_NICKSERV_PASSWORD", "hunter2")
	cfg, err := loadConfig(path)
	if err != nil {
		t.Fatalf("loadConfig: %v", err)
	}
	got := ircConfig(cfg.IRC, "!")
	if got.RegainEvery != 45*time.Second {
		t.Errorf("RegainEvery: got %v; want 45s", got.RegainEvery)
	}
	if got.NickServPassword != "hunter2" {
		t.Errorf("NickServPassword: got %q; want the environment's", got.NickServPassword)
	}
	if got.Nick != "ataxxbot" || got.Prefix != "!" || len(got.Channels) != 1 {
		t.Errorf("got nick %q, prefix %q, channels %v; want ataxxbot, !, [#games]", got.Nick, got.Prefix, got.Channels)
	}
}

// TestDrawWindowFromTheConfig: challenge.draw_window reaches the host,
// which names it in the offer.
func TestDrawWindowFromTheConfig(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary")
	}
	bin := buildBot(t)
	path := filepath.Join(t.TempDir(), "bot.yaml")
	if err := os.WriteFile(path, []byte("challenge:\n  draw_window: 7s\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out := runBot(t, bin, "<alice> start @bob\n<bob> join\n<alice> a7-b6\n<bob> g7-f7\n<alice> draw\n", "console", "-store", "mem", "-config", path)
	if want := "Red offers a draw: Blue, say !draw within 7s to accept."; !strings.Contains(out, want) {
		t.Errorf("got\n%s\nwant a line %q", out, want)
	}
}
