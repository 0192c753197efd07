package main

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromiumPath is Debian's headless browser: the test command installs
// it (make deps); without it a test skips only when CI is unset.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed (make deps installs it)")
	}
	t.Skip("chromium is not installed")
	return ""
}

// browser starts a headless Chromium for the test: no sandbox (root), no
// background networking (the machine has no network), a fresh profile.
func browser(t *testing.T) context.Context {
	t.Helper()
	return sizedBrowser(t, 1000, 1200, false)
}

// TestLivePageInChromium: the real binary's console with -http; headless
// Chromium opens /games/1, and a move typed at the console changes the page
// without a reload: the move list and the drawn board, whose picture is
// one click away. With ATAXXBOT_SHOTS naming a folder, a screenshot of
// each kind's page is written there.
func TestLivePageInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot and a browser")
	}
	ctx := browser(t)
	bin := buildBot(t)
	addr := freeAddr(t)
	base := "http://" + addr
	p := startProc(t, bin, "bot", nil, "console", "-http", addr)
	waitStatus(t, base+"/healthz", 200)
	p.send(t, "start ai:1")
	p.expect(t, "Game on", procTimeout)

	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/games/1")); err != nil {
		t.Fatalf("opening /games/1: %v", err)
	}
	before, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#game")))
	if err != nil || !strings.Contains(before, "No moves yet") {
		t.Fatalf("/games/1 before a move: got %q, %v; want the game with no moves", before, err)
	}
	if got := pieceAt(t, ctx, "b6"); got != "" {
		t.Fatalf("b6 before a move: got %q; want empty", got)
	}
	p.send(t, "a7-b6")
	p.expect(t, "Red (you) plays a7-b6", procTimeout)
	// The page follows by itself: no navigation from here.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("#game ol.moves") !== null && document.querySelector("#game ol.moves").textContent.includes("a7-b6")`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		after, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#game")))
		t.Fatalf("the page did not show a7-b6 without a reload: %v; it shows:\n%s", err, after)
	}
	waitPiece(t, ctx, "b6", "r")
	picture(t, ctx, base)
	shot(t, ctx, "ataxx")

	// Every kind's page, drawn, with its picture, while a game of it runs.
	p.send(t, "resign")
	p.expect(t, "(game 1)", procTimeout)
	for i, k := range []struct{ kind, start, first, played string }{
		{"congo", "congo start ai:1", "c2-c3", "Black (AI level 1): "},
		{"abalone", "abalone start ai:1", "c3c4", "White (AI level 1) plays"},
		// The console says a secret privately with /msg.
		{"stratego", "stratego start ai:1", "/msg setup fortress\n/msg ready\nb4-b5", "Blue (AI level 1) plays"},
	} {
		p.send(t, k.start)
		p.expect(t, "Game on", procTimeout)
		for _, line := range strings.Split(k.first, "\n") {
			p.send(t, line)
		}
		p.expect(t, k.played, procTimeout)
		id := strconv.Itoa(i + 2)
		open(t, ctx, base+"/games/"+id)
		picture(t, ctx, base)
		shot(t, ctx, k.kind)
		p.send(t, "resign")
		p.expect(t, "(game "+id+")", procTimeout)
	}
}

// picture checks that the page links the board's picture and that the
// picture is a PNG.
func picture(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	href := js[string](t, ctx, `(function(){var a=document.querySelector('a[href*="board.png"]');return a?a.getAttribute("href"):""})()`)
	if href == "" {
		t.Fatalf("no link to the board's picture on the page")
	}
	resp, err := http.Get(base + href)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Errorf("%s: got %d %s; want a PNG", href, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}
