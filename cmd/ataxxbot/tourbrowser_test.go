package main

import (
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTournamentLiveInBrowser: the real binary's console with -http
// runs a round robin of two AI levels and the console's own player;
// headless Chromium opens the tournament's page, and as the console
// resigns its games the page fills in by itself: the played count, the
// state, the standings, the links to the games, with no reload (a mark
// the test leaves in the page survives).
func TestTournamentLiveInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot and a browser")
	}
	ctx := browser(t)
	bin := buildBot(t)
	addr := freeAddr(t)
	base := "http://" + addr
	p := startProc(t, bin, "bot", nil, "console", "-http", addr)
	waitStatus(t, base+"/healthz", 200)
	p.send(t, "tournament ataxx roundrobin ai:1 ai:2 @you rounds 1")
	said := p.expect(t, "Tournament t", procTimeout)
	m := regexp.MustCompile(`Tournament (t[0-9a-z]+):`).FindStringSubmatch(said[len(said)-1])
	if m == nil {
		t.Fatalf("no tournament id in %q", said[len(said)-1])
	}
	id := m[1]
	// The games between the AI levels play by themselves; the console's
	// wait for its moves at the channel.
	p.expect(t, "1 of 3 games played", procTimeout)

	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/tournaments/"+id)); err != nil {
		t.Fatalf("opening /tournaments/%s: %v", id, err)
	}
	// The mark goes with a reload; the observer notes each played count
	// the page shows.
	const watch = `window.stayed = true; window.seen = [];
new MutationObserver(function () {
  var p = document.querySelector("#tournament .played");
  if (p) { window.seen.push(p.textContent); }
}).observe(document.getElementById("tournament"), {childList: true, subtree: true}); true`
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](watch)); err != nil {
		t.Fatalf("watching the page: %v", err)
	}
	shows := func(js, what string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			now, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#tournament")))
			t.Fatalf("the page did not show %s without a reload: %v; it shows:\n%s", what, err, now)
		}
	}
	played := func(n string) string {
		return `(function () { var p = document.querySelector("#tournament .played"); return p !== null && p.textContent === "` + n + `"; })()`
	}
	shows(played("1 of 3"), "the AI levels' game played")
	p.send(t, "resign")
	p.expect(t, "2 of 3 games played", procTimeout)
	shows(played("2 of 3"), "the first resignation")
	p.send(t, "resign")
	p.expect(t, "Tournament "+id+" is over.", procTimeout)
	shows(`(function () {
  var s = document.querySelector("#tournament .state");
  return s !== null && s.textContent === "finished";
})()`, "the tournament over")
	if stayed, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.stayed === true`)); err != nil || !stayed {
		t.Errorf("the page was reloaded (got %v, %v); want it to follow by itself", stayed, err)
	}
	last, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#tournament .played")))
	seen, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.seen`))
	if last != "3 of 3" || !slices.Contains(seen, "2 of 3") || !slices.Contains(seen, "3 of 3") {
		t.Errorf("the played counts the page showed: got %q, last %q; want it to rise through 2 of 3 to 3 of 3", seen, last)
	}
	// The standings: a row per player, each game counted for both its
	// players.
	const standings = `(function () {
  var rows = document.querySelectorAll("#tournament table.standings tr"), games = 0, names = [];
  for (var i = 1; i < rows.length; i++) {
    names.push(rows[i].cells[1].textContent);
    games += parseInt(rows[i].cells[3].textContent, 10);
  }
  return {names: names.sort().join(","), games: games};
})()`
	type table struct {
		Names string `json:"names"`
		Games int    `json:"games"`
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[table](standings))
	if err != nil || got.Names != "ai:1,ai:2,you" || got.Games != 6 {
		t.Errorf("the standings: got %+v, %v; want ai:1, ai:2 and you with 6 games between them", got, err)
	}
	links, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#tournament table.games a[href^="/games/"]').length`))
	if err != nil || links != 3 {
		t.Errorf("links to the games: got %d, %v; want 3", links, err)
	}
	shot(t, ctx, "tournament")
}
