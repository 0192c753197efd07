package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
)

// TestLimitsInTheProgram runs the ataxxbot binary's console with several
// speakers ("<nick> line"): with limits.console on, zoe's burst of 30 gets
// limits.burst answers and one line saying she is over the rate, while
// ann, in the same channel, plays her moves between zoe's lines; without
// it the console (one local user, or a script) is not rate-limited. A
// player at limits.games is refused another game, another player is not.
func TestLimitsInTheProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot")
	}
	bin := buildBot(t)
	dir := t.TempDir()
	config := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	const burst, lines = 10, 30
	var flood strings.Builder
	flood.WriteString("<ann> start ai\n")
	for i := range lines {
		flood.WriteString("<zoe> status\n")
		switch i {
		case 5:
			flood.WriteString("<ann> a7-b7\n") // safe whatever Blue answers (see TestTypedAheadOfTheAI)
		case 20:
			flood.WriteString("<ann> a7-a6\n")
		}
	}
	// A rate that gives no new command within the test, however slow the
	// machine: the burst alone is answered.
	const notice = "zoe, too many commands: at most 10 at once and 0.01 a second"
	for _, tc := range []struct {
		name, config, input string
		want                []string
		count               map[string]int // line prefix -> how many lines start with it
	}{
		{"a burst on the console with limits.console", fmt.Sprintf("limits:\n  console: true\n  burst: %d\n  rate: 0.01\n", burst), flood.String(),
			[]string{"Red (ann) plays a7-b7.", "Red (ann) plays a7-a6."},
			map[string]int{notice: 1, "Ataxx: Red (ann), Blue (AI level 3).": burst}},
		{"the console is not rate-limited by default", "log_level: warn\n", flood.String(),
			[]string{"Red (ann) plays a7-b7.", "Red (ann) plays a7-a6."},
			map[string]int{notice: 0, "Ataxx: Red (ann), Blue (AI level 3).": lines}},
		{"games per player", "limits:\n  games: 2\n", "start ai\n/join #b\nstart ai\n/join #c\nstart ai\n<bo> start ai\n",
			[]string{"limit reached: you play 2 games already (console, #b), the most at once here; finish one first",
				"Game on: Red (bo) vs Blue (AI level 3). Red (bo) to move. (game 3)"}, // the refused start took no id
			map[string]int{"Game on: Red (you)": 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(bin, "console", "-config", config(strings.ReplaceAll(tc.name, " ", "-")+".yaml", tc.config))
			cmd.Stdin = strings.NewReader(tc.input)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("ataxxbot console: %v\n%s", err, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("got:\n%s\nwant a line with %q", out, w)
				}
			}
			for prefix, want := range tc.count {
				n := 0
				for _, line := range strings.Split(string(out), "\n") {
					if strings.HasPrefix(line, prefix) {
						n++
					}
				}
				if n != want {
					t.Errorf("lines starting %q: got %d; want %d\n%s", prefix, n, want, out)
				}
			}
		})
	}
}

// TestLimitsConfig: limits: gives every limit a default, reads zero as the
// default and negative as none, refuses a games or challenges limit the
// host cannot count, and leaves the console's rate off unless asked.
func TestLimitsConfig(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		console    bool
		want       string // the host's limits, or the error
	}{
		{"the defaults", "log_level: warn\n", false,
			fmt.Sprintf("rate %v burst %d notice %v games %d challenges %d tournaments %d", float64(defaultRate), defaultBurst, defaultNotice, defaultGames, defaultChallenges, defaultTournaments)},
		{"negative is no limit", "limits: {rate: -1, games: -1, challenges: -1, tournaments: -1}\n", false,
			fmt.Sprintf("rate 0 burst %d notice %v games 0 challenges 0 tournaments 0", defaultBurst, defaultNotice)},
		{"set", "limits: {rate: 0.5, burst: 3, notice: 10s, games: 2, challenges: 1, tournaments: 1}\n", false,
			"rate 0.5 burst 3 notice 10s games 2 challenges 1 tournaments 1"},
		{"the console's rate is off by default", "log_level: warn\n", true,
			fmt.Sprintf("rate 0 burst %d notice %v games %d challenges %d tournaments %d", defaultBurst, defaultNotice, defaultGames, defaultChallenges, defaultTournaments)},
		{"the console's rate when asked", "limits: {console: true, rate: 3}\n", true,
			fmt.Sprintf("rate 3 burst %d notice %v games %d challenges %d tournaments %d", defaultBurst, defaultNotice, defaultGames, defaultChallenges, defaultTournaments)},
		{"more games than can be counted", "limits: {games: 40}\n", false, "config: limits.games 40: want at most 32"},
		{"more challenges than can be counted", "limits: {challenges: 33}\n", false, "config: limits.challenges 33: want at most 32"},
		{"a negative burst", "limits: {burst: -2}\n", false, "config: limits.burst and limits.notice cannot be negative"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(writeConfig(t, tc.yaml))
			if err == nil {
				err = c.check()
			}
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				l := c.Limits.bot(tc.console)
				got = fmt.Sprintf("rate %v burst %d notice %v games %d challenges %d tournaments %d", l.Rate, l.Burst, l.Notice, l.Games, l.Challenges, l.Tournaments)
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("got %q; want %q", got, tc.want)
			}
		})
	}
}

// TestLimitsOnIRC runs the ataxxbot binary on a real IRC server: zoe
// floods the channel with commands; she gets at most her burst and what
// the rate refilled, and one line saying she is over it, while ann, in
// the same channel, starts a game and has her move answered.
func TestLimitsOnIRC(t *testing.T) {
	t.Parallel() // most of the time is the servers' flood pacing
	if testing.Short() {
		t.Skip("runs ngircd and the bot")
	}
	srv := ircdtest.Start(t)
	bin := buildBot(t)
	const rate, burst, flood = 0.5, 3, 15
	cfg := writeConfig(t, fmt.Sprintf("store: mem\nlimits:\n  rate: %v\n  burst: %d\nirc:\n  server: 127.0.0.1\n  port: %d\n  tls: false\n  nick: ataxxbot\n  channels: [\"#play\"]\n",
		rate, burst, srv.Port))
	cmd := exec.Command(bin, "-config", cfg)
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	ann := ircdtest.Connect(t, srv, "ann", "ann")
	ann.JoinWith("#play", "ataxxbot", 30*time.Second)
	zoe := ircdtest.Connect(t, srv, "zoe", "zoe")
	zoe.Join("#play")
	began := time.Now()
	for range flood {
		zoe.Say("#play", "!games")
	}
	ann.Say("#play", "!ataxx start ai:2")
	ann.Expect(`PRIVMSG #play :Game on: Red \(ann\) vs Blue \(AI level 2\)`, 60*time.Second)
	ann.Say("#play", "!a7-b7")
	ann.Expect(`PRIVMSG #play :Red \(ann\) plays a7-b7`, 60*time.Second)
	ann.Expect(`PRIVMSG #play :Blue \(AI level 2\) plays`, 60*time.Second)
	elapsed := time.Since(began)
	time.Sleep(3 * time.Second) // replies still paced out
	said := ircdtest.FromBot(ann.All(), "ataxxbot", "#play")
	answered, notices := 0, 0
	for _, l := range said {
		switch {
		case strings.HasPrefix(l, "Games here: "):
			answered++
		case strings.HasPrefix(l, "zoe, too many commands"):
			notices++
		}
	}
	most := burst + int(rate*elapsed.Seconds()) + 1
	t.Logf("zoe: %d of %d lines answered in %v, %d notice", answered, flood, elapsed.Round(time.Millisecond), notices)
	if notices != 1 || answered < burst || answered > most {
		t.Errorf("zoe's %d lines over %v: got %d answered, %d notices; want %d to %d answered, 1 notice\n%s",
			flood, elapsed.Round(time.Millisecond), answered, notices, burst, most, strings.Join(said, "\n"))
	}
}
