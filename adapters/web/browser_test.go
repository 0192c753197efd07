// The pages in a real browser, against the fake games and Play: go test
// -run Browser ./adapters/web/ (needs chromium: make deps installs it;
// without it these skip only when CI is unset).
// WEB_SHOTS names a folder for screenshots of each page at a phone's
// width and a desktop's.

package web_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

func headless(t *testing.T) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed (make deps installs it)")
		}
		t.Skip("chromium is not installed")
	}
	if testing.Short() {
		t.Skip("drives a browser")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.WindowSize(1000, 1200))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(cancelTab)
	ctx, cancelTime := context.WithTimeout(ctx, time.Minute)
	t.Cleanup(cancelTime)
	return ctx
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// click clicks a cell as a user does (a mouse event on the element).
func click(t *testing.T, ctx context.Context, sq string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`document.querySelector('.cell[data-square="%s"]').dispatchEvent(new MouseEvent("click", {bubbles: true})), true`, sq))
}

func classes(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `Array.from(document.querySelectorAll(".cell.selected, .cell.landed, .cell.target")).map(function (c) { return c.dataset.square + ":" + c.getAttribute("class").replace(/^cell ?/, ""); }).join(" ")`)
}

func waitSaid(t *testing.T, s *playSite, n int) []said {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if got := s.play.said(); len(got) >= n {
			return got
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("said: got %v; want %d lines", s.play.said(), n)
	return nil
}

func shot(t *testing.T, ctx context.Context, name string) {
	dir := os.Getenv("WEB_SHOTS")
	if dir == "" {
		return
	}
	for _, w := range []int64{375, 1000} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900)); err != nil {
			t.Fatal(err)
		}
		buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, w)), buf, 0o644)
	}
	dark := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return err
	})
	if err := chromedp.Do(ctx, dark); err != nil {
		t.Fatal(err)
	}
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, name+"-dark.png"), buf, 0o644)
}

func TestBrowserPlayPage(t *testing.T) {
	s := newPlaySite(t)
	ctx := headless(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/play/"+goodToken)); err != nil {
		t.Fatal(err)
	}
	shot(t, ctx, "play")
	// A clone: a1 then a2.
	click(t, ctx, "a1")
	if got := classes(t, ctx); got != "a3:target mark-jump a2:target mark-clone a1:selected b1:target" {
		t.Errorf("after a1: got %q", got)
	}
	click(t, ctx, "a2")
	if got := waitSaid(t, s, 1); got[0].line != "a1-a2" || got[0].private {
		t.Errorf("said %v; want a1-a2", got)
	}
	// A chain: a1, b1 (a move, and b3 beyond); b1 again stops there.
	click(t, ctx, "a1")
	click(t, ctx, "b1")
	if got := classes(t, ctx); got != "b3:target mark-capture a1:selected b1:landed" {
		t.Errorf("after a1 b1: got %q", got)
	}
	click(t, ctx, "b1")
	if got := waitSaid(t, s, 2); got[1].line != "a1-b1" {
		t.Errorf("said %v; want a1-b1", got)
	}
	click(t, ctx, "a1")
	click(t, ctx, "b1")
	click(t, ctx, "b3")
	if got := waitSaid(t, s, 3); got[2].line != "a1-b1-b3" {
		t.Errorf("said %v; want a1-b1-b3", got)
	}
	// Escape clears; a square of no move clears.
	click(t, ctx, "a1")
	eval[bool](t, ctx, `document.dispatchEvent(new KeyboardEvent("keydown", {key: "Escape", bubbles: true})), true`)
	if got := classes(t, ctx); got != "" {
		t.Errorf("after Escape: got %q; want nothing marked", got)
	}
	// The keyboard: Enter on a focused cell.
	eval[bool](t, ctx, `(function(){ var c = document.querySelector('.cell[data-square="a1"]'); c.focus(); c.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true})); return true; })()`)
	if got := classes(t, ctx); !strings.Contains(got, "a1:selected") {
		t.Errorf("after Enter on a1: got %q", got)
	}
	// Arrows move the focus between cells as drawn: up from a1 is a2.
	if got := eval[string](t, ctx, `(function(){ document.activeElement.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowUp", bubbles: true})); document.activeElement.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true})); return document.activeElement.dataset.square; })()`); got != "b2" {
		t.Errorf("a1, up, right: got %q; want b2", got)
	}
	// A button: the private one said privately.
	eval[bool](t, ctx, `document.querySelector('button.command[data-command="setup random"]').click(), true`)
	if got := waitSaid(t, s, 4); got[3] != (said{goodToken, "setup random", true}) {
		t.Errorf("said %v; want setup random privately", got[3])
	}
	// The typed line.
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#say-line"), "pass\r")); err != nil {
		t.Fatal(err)
	}
	if got := waitSaid(t, s, 5); got[4].line != "pass" {
		t.Errorf("said %v; want pass", got[4])
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll("#messages .message.reply").length >= 10`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		msgs := eval[string](t, ctx, `document.getElementById("messages").textContent`)
		t.Errorf("the replies: %v; messages %q", err, msgs)
	}
	// The menu: level 5.
	eval[bool](t, ctx, `(function(){ var f = document.querySelector('form.menu-command[data-verb="level"]'); f.querySelector("input").value = "5"; f.requestSubmit(); return true; })()`)
	if got := waitSaid(t, s, 6); got[5].line != "level 5" {
		t.Errorf("said %v; want level 5", got[5])
	}
	// The stream redraws: blue to move, the clock stops, the focus stays.
	eval[bool](t, ctx, `document.getElementById("say-line").focus(), true`)
	s.play.set(func(v *bot.PlayView) {
		v.Status, v.Version, v.Surface.Moves = "Blue (bob) to move", "v2", nil
		v.Clocks[0].Running, v.Clocks[1].Running = false, true
	})
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("status").textContent === "Blue (bob) to move"`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Errorf("the stream's redraw: %v", err)
	}
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "say-line" {
		t.Errorf("focus after the redraw: got %q; want say-line", id)
	}
	// Blue's clock ticks down in the browser, from 4:00, within a few
	// seconds however busy the machine.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(function(){var c=document.querySelectorAll(".clock-time")[1].textContent;return c==="3:59"||c==="3:58"||c==="3:57"})()`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		c := eval[string](t, ctx, `document.querySelectorAll(".clock-time")[1].textContent`)
		t.Errorf("blue's clock after a few seconds: got %q; want it ticking down from 4:00: %v", c, err)
	}
	eval[bool](t, ctx, `document.getElementById("menu").open = true`)
	shot(t, ctx, "play-after")
}

func TestBrowserTools(t *testing.T) {
	s := newPlaySite(t)
	s.play.set(func(v *bot.PlayView) {
		v.Phase, v.Surface.Moves = "setup", nil
		v.Surface.Tools = []bot.Tool{{Label: "Red marble", Command: "put red {1}", Squares: 1, Button: "left"},
			{Label: "Blue marble", Command: "put blue {1}", Squares: 1, Button: "right"},
			{Label: "Swap", Command: "swap {1} {2}", Squares: 2, Private: true}}
	})
	ctx := headless(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/play/"+goodToken)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "b2")
	eval[bool](t, ctx, `document.querySelector('.cell[data-square="c1"]').dispatchEvent(new MouseEvent("contextmenu", {bubbles: true, cancelable: true})), true`)
	eval[bool](t, ctx, `(function(){ var r = document.querySelector('input[name="tool"][value="2"]'); r.click(); return true; })()`)
	click(t, ctx, "a1")
	click(t, ctx, "c3")
	got := waitSaid(t, s, 3)
	want := []said{{goodToken, "put red b2", false}, {goodToken, "put blue c1", false}, {goodToken, "swap a1 c3", true}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("said %v; want %v", got, want)
	}
	shot(t, ctx, "tools")
}

// A slow answer holds back the lines said after it: the bot hears each
// line in the order it was said, never two at once.
func TestBrowserLinesWaitForTheAnswerBefore(t *testing.T) {
	s := newPlaySite(t)
	hold := make(chan struct{})
	// A test that stops early still lets the held answer go, so the
	// server can close.
	release := sync.OnceFunc(func() { close(hold) })
	t.Cleanup(release)
	s.play.set(func(v *bot.PlayView) {
		v.Phase, v.Surface.Moves = "setup", nil
		v.Surface.Tools = []bot.Tool{{Label: "Red marble", Command: "put red {1}", Squares: 1, Button: "left"}}
	})
	s.play.mu.Lock()
	s.play.hold = hold
	s.play.mu.Unlock()
	ctx := headless(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/play/"+goodToken)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "b2")
	click(t, ctx, "c1")
	click(t, ctx, "a3")
	waitSaid(t, s, 1)
	// Time enough for a browser to send the other two, were it to.
	time.Sleep(500 * time.Millisecond)
	early := s.play.said()
	release()
	if len(early) != 1 {
		t.Errorf("said while the first answer was held: got %v; want only the first line", early)
	}
	got := waitSaid(t, s, 3)
	want := []said{{goodToken, "put red b2", false}, {goodToken, "put red c1", false}, {goodToken, "put red a3", false}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("said %v; want %v", got, want)
	}
}

func TestBrowserReplay(t *testing.T) {
	s := newPlaySite(t)
	ctx := headless(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/games/9")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById("replay").hidden`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("the replay: %v", err)
	}
	pieces := `Array.from(document.querySelectorAll("#board .cell")).map(function (c) { var p = c.querySelector(".piece"); return c.dataset.square + "=" + (p ? p.dataset.piece : ""); }).join(" ")`
	if got := eval[string](t, ctx, pieces); got != "a1= b1=r4" {
		t.Errorf("the last position: got %q", got)
	}
	eval[bool](t, ctx, `document.dispatchEvent(new KeyboardEvent("keydown", {key: "Home", bubbles: true})), true`)
	if got := eval[string](t, ctx, pieces); got != "a1=r4 b1=b9" {
		t.Errorf("the start: got %q", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("replay-ply").textContent`); !strings.Contains(got, "start") {
		t.Errorf("the ply: got %q", got)
	}
	eval[bool](t, ctx, `document.querySelector('.replay-hide[data-seat="1"]').click(), true`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](pieces+` === "a1=r4 b1=b?"`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Errorf("hide blue: %v; got %q", err, eval[string](t, ctx, pieces))
	}
	eval[bool](t, ctx, `document.querySelector('#moves button.ply[data-ply="1"]').click(), true`)
	if got := eval[string](t, ctx, pieces); got != "a1= b1=r4" {
		t.Errorf("move 1 from the list: got %q", got)
	}
	if got := eval[string](t, ctx, `document.querySelector('#moves button[aria-current="step"]').dataset.ply + document.querySelector('.cell[data-square="b1"]').getAttribute("aria-label")`); got != "1b1, red sergeant, last move" {
		t.Errorf("the current ply and label: got %q", got)
	}
	shot(t, ctx, "replay")
}

// TestBrowserHex: a hexagonal board of marbles, drawn for the side that
// plays from the top (flipped); screenshots only.
func TestBrowserHex(t *testing.T) {
	s := newPlaySite(t)
	s.play.set(func(v *bot.PlayView) {
		sf := bot.Surface{Shape: "hex", Width: 5, Height: 3*0.866 + 0.3, Flip: true, Turn: 0,
			Pieces: map[string]bot.PieceLook{"O": {Label: "white marble", Side: 1}, "@": {Label: "black marble", Side: 0}}}
		rows := []int{3, 4, 3}
		for r, n := range rows {
			for i := range n {
				x := float64(i) + 1 + float64(4-n)/2
				c := bot.Cell{Name: fmt.Sprintf("%c%d", 'A'+r, i), X: x - 0.5, Y: 0.65 + float64(r)*0.866}
				if r == 0 {
					c.Piece = "O"
				}
				if r == 2 {
					c.Piece = "@"
				}
				sf.Cells = append(sf.Cells, c)
			}
		}
		sf.Moves = []bot.ClickMove{{Select: []string{"C0", "C1"}, Path: []string{"B1"}, Text: "C0C1-B1", Mark: "push"}}
		v.Surface = sf
	})
	ctx := headless(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/play/"+goodToken)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "C0")
	click(t, ctx, "C1")
	if got := classes(t, ctx); got != "B1:target mark-push C0:selected C1:selected" {
		t.Errorf("after C0 C1: got %q", got)
	}
	shot(t, ctx, "hex")
	click(t, ctx, "B1")
	if got := waitSaid(t, s, 1); got[0].line != "C0C1-B1" {
		t.Errorf("said %v; want C0C1-B1", got)
	}
}

// TestBrowserSpectatorPages: the index and a game without a Surface (its
// text board shown as it is); screenshots only.
func TestBrowserSpectatorPages(t *testing.T) {
	s := newSite(t)
	id := s.playHidden(t)
	s.say("alice", evilAlice, "#web", "!guess 50")
	ctx := headless(t)
	for _, p := range []struct{ name, path string }{{"index", "/"}, {"guess", "/games/" + id}, {"top", "/top/guess"}} {
		if err := chromedp.Do(ctx, chromedp.Navigate(s.base+p.path)); err != nil {
			t.Fatal(err)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll("pre.board-text").length`); p.name == "guess" && n != 1 {
			t.Errorf("%s: text boards: got %d; want 1", p.path, n)
		}
		shot(t, ctx, p.name)
	}
}
