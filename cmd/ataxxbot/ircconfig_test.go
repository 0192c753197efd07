package main

import (
	"os"
	"path/filepath"
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
