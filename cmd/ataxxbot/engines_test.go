package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestExternalEngine: a channel picks an engine named in the config, and
// the bot plays its seat through the engine's process.
func TestExternalEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs engines")
	}
	uaiBin := filepath.Join(t.TempDir(), "ataxx-uai")
	if out, err := exec.Command("go", "build", "-o", uaiBin, "../ataxx-uai").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	bin := buildBot(t)
	cfg := writeConfig(t, "engines:\n  - name: tiny\n    path: "+uaiBin+"\n    options: {Hash: \"8\"}\n    move_time: 200ms\n")
	out := runBot(t, bin, "start ai:nosuch\nstart ai:tiny\na7-b6\nstatus\n", "-config", cfg)
	for _, want := range []string{
		`no AI program named "nosuch" is configured for Ataxx; the configured ones are tiny`,
		"Game on: Red (you) vs Blue (AI tiny). Red (you) to move.",
		"Red (you) plays a7-b6. Blue (AI tiny) to move.",
		"Blue (AI tiny) plays",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestEngineConfigChecked(t *testing.T) {
	for _, tt := range []struct{ name, yaml, want string }{
		{"no path", "engines:\n  - name: x\n", "needs a unique name"},
		{"duplicate", "engines:\n  - {name: x, path: /bin/true}\n  - {name: X, path: /bin/true}\n", "needs a unique name"},
		{"numeric name", "engines:\n  - {name: \"7\", path: /bin/true}\n", "would read as a level"},
		{"move time over the cap", "ai:\n  move_time: 11s\n", "want up to 10s"},
		{"hash", "ai:\n  hash_mb: 0\n  move_time: 1s\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut strings.Builder
			code := run(t.Context(), []string{"-config", writeConfig(t, tt.yaml)}, strings.NewReader(""), &out, &errOut)
			if tt.want == "" {
				if code != 0 {
					t.Fatalf("code %d: %s", code, errOut.String())
				}
				return
			}
			if code != 1 || !strings.Contains(errOut.String(), tt.want) {
				t.Fatalf("got code %d, %q; want 1 and %q", code, errOut.String(), tt.want)
			}
		})
	}
}
