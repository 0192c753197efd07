package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The play pages in headless Chromium, through the real binary: the
// console is the channel (it shows what every player is told, private
// lines marked), each player a browser of their own opened at the link
// web gave them privately. What a test clicks is what a player clicks:
// the board's cells by their data-square, the page's buttons.

// pageTimeout bounds one wait in a page.
const pageTimeout = 30 * time.Second

// playBot starts the bot's console with its pages on a free address.
func playBot(t *testing.T) (*proc, string) {
	t.Helper()
	bin := buildBot(t)
	addr := freeAddr(t)
	p := startProc(t, bin, "bot", []string{"ATAXXBOT_LINK_SECRET=0123456789abcdef0123456789abcdef-browser"}, "console", "-store", "mem", "-http", addr)
	waitStatus(t, "http://"+addr+"/healthz", 200)
	return p, "http://" + addr
}

var playLink = regexp.MustCompile(`https?://\S+/play/[A-Za-z0-9_.-]+`)

// link asks the bot privately for user's play link, as a player does.
func link(t *testing.T, p *proc, user string) string {
	t.Helper()
	p.send(t, "<"+user+"> /msg web")
	for _, line := range p.expect(t, "[private "+user+"] Your link to play", procTimeout) {
		if strings.HasPrefix(line, "[private "+user+"]") {
			if u := playLink.FindString(line); u != "" {
				return u
			}
		}
	}
	t.Fatalf("no play link for %s", user)
	return ""
}

// sizedBrowser is a Chromium of its own (a player's browser) with a
// window of w×h; phone emulates a phone's screen (touch, mobile viewport,
// scale 2).
func sizedBrowser(t *testing.T, w, h int64, phone bool) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath(t)), chromedp.NoSandbox, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-quic", true), chromedp.WindowSize(int(w), int(h)))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(cancelTab)
	ctx, cancelTime := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(cancelTime)
	if phone {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
			t.Fatalf("emulating a phone: %v", err)
		}
	}
	return ctx
}

// open navigates to url and waits for the page's script to have drawn
// the board.
func open(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
	waitJS(t, ctx, `document.querySelector("svg.board .cell[data-square]") !== null`, "a board on "+url)
}

// waitJS polls expr in the page until it is true.
func waitJS(t *testing.T, ctx context.Context, expr, what string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(pageTimeout))); err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
		t.Fatalf("waiting for %s: %v; the page shows:\n%s", what, err, text)
	}
}

// js evaluates expr in the page.
func js[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// cell is the CSS selector of a square's cell.
func cell(sq string) string { return `svg.board .cell[data-square="` + sq + `"]` }

// click clicks the squares in order, as a mouse does.
func click(t *testing.T, ctx context.Context, squares ...string) {
	t.Helper()
	for _, sq := range squares {
		clickOn(t, ctx, sq, chromedp.Click(chromedp.CSS(cell(sq))))
	}
}

// pieceAt is the data-piece of what stands on sq ("" for nothing).
func pieceAt(t *testing.T, ctx context.Context, sq string) string {
	t.Helper()
	return js[string](t, ctx, fmt.Sprintf(`(function(){var p=document.querySelector(%q);return p?p.dataset.piece:""})()`, cell(sq)+" [data-piece]"))
}

// waitPiece waits until sq shows piece (a page following the game).
func waitPiece(t *testing.T, ctx context.Context, sq, piece string) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf(`(function(){var p=document.querySelector(%q);return (p?p.dataset.piece:"")===%q})()`, cell(sq)+" [data-piece]", piece),
		fmt.Sprintf("%q on %s", piece, sq))
}

// waitTarget waits until sq's cell is marked as a target of the piece
// picked (a page that has drawn the picked piece's moves).
func waitTarget(t *testing.T, ctx context.Context, sq, what string) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector(%q).getAttribute("class").indexOf("target") >= 0`, cell(sq)), what)
}

// press clicks the page's button that says command.
func press(t *testing.T, ctx context.Context, command string) {
	t.Helper()
	sel := `button.command[data-command="` + command + `"]`
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector(%q) !== null`, sel), "the "+command+" button")
	clickOn(t, ctx, command, chromedp.Click(chromedp.CSS(sel)))
}

// clickOn runs a click, as a mouse does. A live page may draw the element
// anew between the click finding it and landing on it (an update came):
// then the click is made again on the new one, as a person clicks again.
// Only a click that never landed is made again: the node went missing
// before the mouse was moved.
func clickOn(t *testing.T, ctx context.Context, what string, click chromedp.Action[chromedp.Void]) {
	t.Helper()
	deadline := time.Now().Add(pageTimeout)
	for {
		err := chromedp.Do(ctx, click)
		if err == nil {
			return
		}
		if !strings.Contains(err.Error(), "Could not find node with given id") || time.Now().After(deadline) {
			t.Fatalf("clicking %s: %v", what, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// classesOf lists the class of each square's cell.
func classesOf(t *testing.T, ctx context.Context, squares ...string) []string {
	t.Helper()
	var out []string
	for _, sq := range squares {
		out = append(out, js[string](t, ctx, fmt.Sprintf(`document.querySelector(%q).getAttribute("class")`, cell(sq))))
	}
	return out
}

// pageFigures are what a page costs its reader: the bytes it brought
// (the document and its files, as sent) and when it first painted
// (first contentful paint, else first paint; -1: the browser kept
// neither).
type pageFigures struct {
	Bytes      int
	FirstPaint float64 // milliseconds from the navigation
}

func figures(t *testing.T, ctx context.Context) pageFigures {
	t.Helper()
	// The paint is timed after it happens: wait for its entry.
	chromedp.Run(ctx, chromedp.Poll[bool](`performance.getEntriesByType("paint").length > 0`, chromedp.WithPollingTimeout(5*time.Second)))
	return js[pageFigures](t, ctx, `(function(){
		var n = performance.getEntriesByType("navigation")[0];
		var bytes = n ? (n.transferSize || n.encodedBodySize) : 0;
		performance.getEntriesByType("resource").forEach(function (r) { if (r.initiatorType !== "fetch" && r.name.indexOf("/events") < 0) bytes += (r.transferSize || r.encodedBodySize); });
		var paints = performance.getEntriesByType("paint");
		var fp = paints.filter(function (p) { return p.name === "first-contentful-paint"; })[0] || paints[0];
		return {Bytes: bytes, FirstPaint: fp ? fp.startTime : -1};
	})()`)
}

// shot saves a screenshot of the page as ATAXXBOT_SHOTS/NAME.png, and the
// page's figures beside the others in figures.txt, when that variable
// names a folder; either way the figures are logged.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	f := figures(t, ctx)
	line := fmt.Sprintf("%-24s %7.1f KiB  first paint %6.0f ms", name, float64(f.Bytes)/1024, f.FirstPaint)
	t.Log(line)
	dir := os.Getenv("ATAXXBOT_SHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Error(err)
	}
	// figures.txt keeps one line a page, the latest.
	path := filepath.Join(dir, "figures.txt")
	old, _ := os.ReadFile(path)
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(old)), "\n") {
		if l != "" && strings.Fields(l)[0] != name {
			lines = append(lines, l)
		}
	}
	lines = append(lines, line)
	sort.Strings(lines)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Error(err)
	}
}

// twoPlayers opens a game alice starts (start, said by her) and bob
// joins: setup are lines alice says before, each with what the bot
// answers it.
func twoPlayers(t *testing.T, p *proc, start string, setup ...[2]string) {
	t.Helper()
	p.send(t, "<alice> "+start)
	p.expect(t, "challenges you", procTimeout)
	for _, s := range setup {
		p.send(t, "<alice> "+s[0])
		p.expect(t, s[1], procTimeout)
	}
	p.send(t, "<bob> join")
	p.expect(t, "Game on", procTimeout)
}

// arena is a setfen of Ataxx's row 7 alone (the rest blocks): a game
// that ends in three moves, a7-b7, e7-d7, b7-c7.
var arena = [2]string{"setfen x3o--/-------/-------/-------/-------/-------/------- x 0 1", "Position set"}

// fetch GETs url and returns its body.
func fetch(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

// TestTwoBrowsersPlayAtaxx: alice and bob each open the link web gave
// them privately and play an Ataxx game to its end by clicks, while the
// channel (the console) hears every move as if typed; each page follows
// the other's moves by itself. A clone's and a jump's targets are told
// apart. Then the finished game's page replays it: first, back, forward,
// last, the arrow keys, and play-through.
func TestTwoBrowsersPlayAtaxx(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot and two browsers")
	}
	p, base := playBot(t)
	p.send(t, "<alice> start @bob 10m")
	p.expect(t, "challenges you", procTimeout)
	alice, bob := sizedBrowser(t, 1100, 900, false), sizedBrowser(t, 1100, 900, false)
	open(t, alice, link(t, p, "alice"))
	// Setup by clicking: the Block tool on c3 blocks its mirror squares
	// too, as the guide's blocks do.
	js[bool](t, alice, `(function(){var r=[].slice.call(document.querySelectorAll('input[name="tool"]')).filter(function(i){return i.parentNode.textContent.indexOf("Block")>=0})[0];r.click();return true})()`)
	click(t, alice, "c3")
	p.expect(t, "Blocks placed", procTimeout)
	for _, sq := range []string{"c3", "e3", "c5", "e5"} {
		waitPiece(t, alice, sq, "X")
	}
	// The guide's Load: a file of commands, said in turn. This one sets
	// a small arena, so the game ends in three moves: row 7 only.
	file := filepath.Join(t.TempDir(), "arena.txt")
	if err := os.WriteFile(file, []byte(arena[0]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(alice, chromedp.SetUploadFiles(chromedp.ID("load-file"), []string{file})); err != nil {
		t.Fatalf("loading a file: %v", err)
	}
	p.expect(t, "Position set", procTimeout)
	waitPiece(t, alice, "e7", "b")
	p.send(t, "<bob> join")
	p.expect(t, "Game on", procTimeout)
	open(t, bob, link(t, p, "bob"))
	// The clocks tick in the browser: Red's runs.
	waitJS(t, alice, `document.querySelector("#clocks .clock.running .clock-time") !== null`, "Red's running clock")
	before := js[string](t, alice, `document.querySelector("#clocks .clock.running .clock-time").textContent`)
	waitJS(t, alice, fmt.Sprintf(`document.querySelector("#clocks .clock.running .clock-time").textContent !== %q`, before), "Red's clock ticking down from "+before)

	click(t, alice, "a7")
	waitJS(t, alice, `document.querySelectorAll("svg.board .cell.target").length === 2`, "two targets for a7")
	if got := classesOf(t, alice, "b7", "c7"); !strings.Contains(got[0], "mark-clone") || !strings.Contains(got[1], "mark-jump") {
		t.Errorf("targets of a7: got classes %q; want b7 a clone, c7 a jump", got)
	}
	shot(t, alice, "play-ataxx")
	click(t, alice, "b7")
	p.expect(t, "Red (alice) plays a7-b7", procTimeout)
	waitPiece(t, bob, "b7", "r") // bob's page follows without a reload
	if got := classesOf(t, bob, "a7", "b7"); !strings.Contains(got[0], "last") || !strings.Contains(got[1], "last") {
		t.Errorf("the last move on bob's page: got classes %q; want a7 and b7 marked", got)
	}

	// Bob may not move for alice: his page offers no move on her turn.
	click(t, bob, "e7")
	click(t, bob, "d7")
	p.expect(t, "Blue (bob) plays e7-d7", procTimeout)
	waitPiece(t, alice, "d7", "b")
	click(t, alice, "b7", "c7")
	p.expect(t, "Red wins", procTimeout)
	for who, ctx := range map[string]context.Context{"alice": alice, "bob": bob} {
		waitJS(t, ctx, `document.body.innerText.indexOf("Red wins") >= 0`, who+"'s page saying the game is over")
		if got := pieceAt(t, ctx, "d7"); got != "r" {
			t.Errorf("%s's page: d7 holds %q; want r (turned by the last clone)", who, got)
		}
	}

	// A rematch from the page: colours swapped, bob is asked.
	press(t, alice, "rematch")
	p.expect(t, "alice asks for a rematch, colours swapped", procTimeout)
	press(t, bob, "rematch")
	p.expect(t, "Game on", procTimeout)
	// A link is its player's at the table: alice's page follows her into
	// the rematch, as Blue now.
	waitJS(t, alice, `document.getElementById("players").textContent.indexOf("you play Blue") >= 0`, "the rematch on alice's page")

	// The replay of the finished game, on its public page.
	viewer := sizedBrowser(t, 1100, 900, false)
	open(t, viewer, base+"/games/1")
	waitJS(t, viewer, `document.getElementById("replay") !== null && !document.getElementById("replay").hidden`, "the replay controls")
	step := func(button string) {
		t.Helper()
		clickOn(t, viewer, button, chromedp.Click(chromedp.ID(button)))
	}
	step("replay-first")
	waitPiece(t, viewer, "a7", "r")
	waitPiece(t, viewer, "b7", "")
	step("replay-forward")
	waitPiece(t, viewer, "b7", "r")
	waitPiece(t, viewer, "d7", "")
	step("replay-forward")
	waitPiece(t, viewer, "d7", "b")
	step("replay-back")
	waitPiece(t, viewer, "d7", "")
	step("replay-last")
	waitPiece(t, viewer, "c7", "r")
	waitPiece(t, viewer, "d7", "r")
	shot(t, viewer, "replay-ataxx")
	// The keys: Home, then ArrowRight twice, ArrowLeft once.
	for _, k := range []string{kb.Home, kb.ArrowRight, kb.ArrowRight, kb.ArrowLeft} {
		if err := chromedp.Do(viewer, chromedp.KeyEvent(k)); err != nil {
			t.Fatalf("key %q: %v", k, err)
		}
	}
	waitPiece(t, viewer, "b7", "r")
	waitPiece(t, viewer, "d7", "")
	// Play-through from the first position, at the quickest delay.
	if err := chromedp.Do(viewer, chromedp.SetValue(chromedp.ID("replay-delay"), "500")); err != nil {
		t.Fatal(err)
	}
	js[bool](t, viewer, `(function(){var s=document.getElementById("replay-delay");s.dispatchEvent(new Event("change",{bubbles:true}));return true})()`)
	step("replay-first")
	step("replay-play")
	waitPiece(t, viewer, "c7", "r")
	waitPiece(t, viewer, "d7", "r")
}

// TestStrategoArmyByClicksStaysPrivate: alice sets her army up on her page
// (Fortress, then a swap by clicking two squares, then Ready), bob his by
// the buttons of his; alice makes the first move by clicks. All along,
// bob's page, a spectator's page and the spectator's raw page and stream
// are audited: none shows a rank of alice's army, only the mark of a
// hidden piece.
func TestStrategoArmyByClicksStaysPrivate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot and three browsers")
	}
	p, base := playBot(t)
	twoPlayers(t, p, "stratego start @bob")
	alice, bob, carol := sizedBrowser(t, 1100, 1000, false), sizedBrowser(t, 1100, 1000, false), sizedBrowser(t, 1100, 1000, false)
	open(t, alice, link(t, p, "alice"))
	open(t, bob, link(t, p, "bob"))
	open(t, carol, base+"/games/1")

	press(t, alice, "setup fortress")
	waitJS(t, alice, `document.querySelectorAll("svg.board .cell [data-piece^='r']").length === 40`, "alice's army on her page")
	a1, b1 := pieceAt(t, alice, "a1"), pieceAt(t, alice, "b1")
	if a1 == b1 {
		t.Fatalf("a1 and b1 both hold %q: pick a swap that shows", a1)
	}
	// The swap tool: two clicks exchange two pieces of her own rows.
	js[bool](t, alice, `(function(){var r=[].slice.call(document.querySelectorAll('input[name="tool"]')).filter(function(i){return i.parentNode.textContent.indexOf("Swap")>=0})[0];r.click();return true})()`)
	click(t, alice, "a1", "b1")
	waitPiece(t, alice, "a1", b1)
	waitPiece(t, alice, "b1", a1)
	shot(t, alice, "setup-stratego")

	// What alice's army is, as her page shows it: her ranks.
	ranks := js[[]string](t, alice, `[].slice.call(document.querySelectorAll("svg.board .cell [data-piece^='r']")).map(function(p){return p.dataset.piece})`)
	audit := func(stage string) {
		t.Helper()
		for who, ctx := range map[string]context.Context{"bob": bob, "carol": carol} {
			html := js[string](t, ctx, `document.documentElement.outerHTML`)
			for _, r := range ranks {
				if r != "r#" && (strings.Contains(html, `data-piece="`+r+`"`) || strings.Contains(html, `"`+r+`"`)) {
					t.Errorf("%s: %s's page (its board or its data) shows alice's %s", stage, who, r)
				}
			}
			for _, word := range []string{"red marshal", "red general", "red spy", "red flag", "red bomb"} {
				if strings.Contains(strings.ToLower(html), word) {
					t.Errorf("%s: %s's page says %q", stage, who, word)
				}
			}
		}
		raw := fetch(t, base+"/games/1")
		for _, r := range ranks {
			if r != "r#" && strings.Contains(raw, `data-piece="`+r+`"`) {
				t.Errorf("%s: the public page's HTML shows alice's %s", stage, r)
			}
		}
	}
	audit("after alice's setup")
	press(t, alice, "ready")
	p.expect(t, "Red is ready", procTimeout)
	press(t, bob, "setup random")
	waitJS(t, bob, `document.querySelectorAll("svg.board .cell [data-piece^='b']").length === 40`, "bob's army on his page")
	press(t, bob, "ready")
	p.expect(t, "Both armies are on the board", procTimeout)
	waitJS(t, bob, `document.querySelectorAll("svg.board .cell [data-piece='r#']").length === 40`, "alice's army hidden on bob's page")
	audit("in play")
	// Her page follows the game by its own stream: it offers the move
	// once it has drawn the game in play, and a5 once a4 is picked.
	waitJS(t, alice, `(function(){var d=JSON.parse(document.getElementById("play-data").textContent||"null");return !!d&&(d.moves||[]).some(function(m){return (m.Select||[]).indexOf("a4")>=0})})()`, "alice's page offering a4's moves")
	click(t, alice, "a4")
	waitTarget(t, alice, "a5", "a5 offered as a4's target")
	click(t, alice, "a5")
	p.expect(t, "Red (alice) plays a4-a5", procTimeout)
	waitPiece(t, bob, "a5", "r#")
	waitPiece(t, carol, "a5", "r#")
	audit("after the first move")
	shot(t, bob, "play-stratego")

	// Over, the game's page replays it with both armies shown, or with
	// either one hidden as the manager's -r and -b do.
	press(t, alice, "resign")
	p.expect(t, "Red resigns", procTimeout)
	open(t, carol, base+"/games/1")
	waitJS(t, carol, `document.getElementById("replay") !== null && !document.getElementById("replay").hidden`, "the replay controls")
	clickOn(t, carol, "replay-last", chromedp.Click(chromedp.ID("replay-last")))
	waitJS(t, carol, fmt.Sprintf(`(function(){var p=document.querySelector(%q);return p!==null&&p.dataset.piece!=="r#"})()`, cell("a5")+" [data-piece]"), "alice's moved piece revealed after the game")
	js[bool](t, carol, `(function(){document.querySelector('input.replay-hide[data-seat="0"]').click();return true})()`)
	waitPiece(t, carol, "a5", "r#")
	waitPiece(t, carol, "a1", "r#")
	js[bool](t, carol, `(function(){document.querySelector('input.replay-hide[data-seat="0"]').click();return true})()`)
	waitPiece(t, carol, "a1", b1)
}

// TestAbaloneBroadsideByClicks: three marbles in line chosen by clicks,
// then a cell beside them: a broadside, said as the move's notation.
func TestAbaloneBroadsideByClicks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot and a browser")
	}
	p, _ := playBot(t)
	twoPlayers(t, p, "abalone start @bob")
	for _, l := range []string{"<alice> b6c6", "<bob> h4g4", "<alice> c6d6", "<bob> g4f4"} {
		p.send(t, l)
	}
	p.expect(t, "White (bob) plays g4f4", procTimeout)
	alice := sizedBrowser(t, 1100, 1000, false)
	open(t, alice, link(t, p, "alice"))
	click(t, alice, "c3", "c4", "c5")
	waitJS(t, alice, `document.querySelectorAll("svg.board .cell.selected").length === 3`, "three marbles selected")
	if got := classesOf(t, alice, "d3", "d4", "d5"); !strings.Contains(got[0], "target") || !strings.Contains(got[1], "target") || !strings.Contains(got[2], "target") {
		t.Errorf("a broadside's cells: got classes %q; want d3, d4 and d5 targets", got)
	}
	shot(t, alice, "play-abalone")
	click(t, alice, "d4")
	p.expect(t, "Black (alice) plays c3c5d3. 3 marbles broadside", procTimeout)
	for _, sq := range []string{"d3", "d4", "d5"} {
		waitPiece(t, alice, sq, "@")
	}
	for _, sq := range []string{"c3", "c4", "c5"} {
		waitPiece(t, alice, sq, "")
	}
}

// TestCongoMonkeyDoubleJumpByClicks: the monkey on b1 jumps the pawn on
// c2 and the crocodile on e4 in one turn: three clicks, b1, d3, f5.
func TestCongoMonkeyDoubleJumpByClicks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot and a browser")
	}
	p, _ := playBot(t)
	twoPlayers(t, p, "congo start @bob", [2]string{"position 7/3l3/7/4c2/7/2p4/1ML4/w/-1", "Position set"})
	alice := sizedBrowser(t, 1100, 1000, false)
	open(t, alice, link(t, p, "alice"))
	click(t, alice, "b1", "d3")
	waitTarget(t, alice, "f5", "f5 offered as the second jump")
	shot(t, alice, "play-congo")
	click(t, alice, "f5")
	p.expect(t, "White (alice): transition (b1,d3,f5)", procTimeout)
	waitPiece(t, alice, "f5", "M")
	waitPiece(t, alice, "c2", "")
	waitPiece(t, alice, "e4", "")
}

// TestAtaxxByKeyboardAlone: alice and bob play a game to its end without
// a mouse: alice types her moves in the page's box, bob walks the board's
// cells with the keyboard (a cell takes the focus, Enter picks it).
func TestAtaxxByKeyboardAlone(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot and two browsers")
	}
	p, _ := playBot(t)
	twoPlayers(t, p, "start @bob", arena)
	alice, bob := sizedBrowser(t, 1100, 900, false), sizedBrowser(t, 1100, 900, false)
	open(t, alice, link(t, p, "alice"))
	open(t, bob, link(t, p, "bob"))
	typeMove := func(move string) {
		t.Helper()
		if err := chromedp.Do(alice, chromedp.Focus(chromedp.ID("say-line")), chromedp.KeyEvent(move+kb.Enter)); err != nil {
			t.Fatalf("typing %s: %v", move, err)
		}
	}
	keyCell := func(sq string) {
		t.Helper()
		if err := chromedp.Do(bob, chromedp.Focus(chromedp.CSS(cell(sq))), chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatalf("picking %s by keyboard: %v", sq, err)
		}
	}
	typeMove("a7-b7")
	p.expect(t, "Red (alice) plays a7-b7", procTimeout)
	waitPiece(t, bob, "b7", "r")
	keyCell("e7")
	keyCell("d7")
	p.expect(t, "Blue (bob) plays e7-d7", procTimeout)
	waitPiece(t, alice, "d7", "b")
	if got := js[string](t, alice, `document.activeElement ? document.activeElement.id : ""`); got != "say-line" {
		t.Errorf("after the page followed bob's move: the focus is on %q; want it kept in the move box", got)
	}
	typeMove("b7-c7")
	p.expect(t, "Red wins", procTimeout)
}

// TestPlayPagesOnAPhone: each kind's play page in a phone's viewport
// (375 CSS pixels wide): the board fits the width and nothing scrolls
// sideways.
func TestPlayPagesOnAPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot and a browser")
	}
	p, _ := playBot(t)
	phone := sizedBrowser(t, 375, 812, true)
	for i, k := range []struct{ kind, start, first string }{
		{"ataxx", "<alice> start @bob", ""},
		{"congo", "<alice> congo start @bob", ""},
		{"abalone", "<alice> abalone start @bob", ""},
		{"stratego", "<alice> stratego start @bob", "<alice> /msg setup fortress"},
	} {
		p.send(t, k.start)
		p.expect(t, "challenges you", procTimeout)
		p.send(t, "<bob> join")
		p.expect(t, fmt.Sprintf("(game %d)", i+1), procTimeout)
		if k.first != "" {
			p.send(t, k.first)
			p.expect(t, "Your army", procTimeout)
		}
		open(t, phone, link(t, p, "alice"))
		width := js[float64](t, phone, `document.documentElement.clientWidth`)
		scroll := js[float64](t, phone, `document.documentElement.scrollWidth`)
		board := js[float64](t, phone, `document.querySelector("svg.board").getBoundingClientRect().width`)
		if width > 400 || scroll > width+1 || board > width || board < width*0.8 {
			t.Errorf("%s on a phone: got viewport %.0f, page %.0f wide, board %.0f; want a 375-pixel viewport, nothing wider, a board of most of it", k.kind, width, scroll, board)
		}
		shot(t, phone, "play-"+k.kind+"-phone")
		p.send(t, "<alice> resign")
		p.expect(t, fmt.Sprintf("(game %d)", i+1), procTimeout)
	}
}

// TestPlayRoutesForEachVisitor: the real program's play routes as a
// stranger, the other player and the link's own player meet them. Only
// a request with the link's token in the address and in its header, as
// JSON, acts, and then only as that player; the pages set no cookie.
func TestPlayRoutesForEachVisitor(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot")
	}
	p, base := playBot(t)
	twoPlayers(t, p, "start @bob")
	alice, bob := link(t, p, "alice"), link(t, p, "bob")
	aliceToken := alice[strings.LastIndex(alice, "/")+1:]
	bobToken := bob[strings.LastIndex(bob, "/")+1:]
	body, sig, _ := strings.Cut(aliceToken, ".")
	forged := body + "." + strings.Repeat("A", len(sig))
	post := func(token, header, contentType, payload string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("POST", base+"/play/"+token+"/say", strings.NewReader(payload))
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		if header != "" {
			req.Header.Set("X-Play-Token", header)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("POST: %v", err)
		}
		defer resp.Body.Close()
		if c := resp.Header.Get("Set-Cookie"); c != "" {
			t.Errorf("a play route set a cookie: %q", c)
		}
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(data)
	}
	move := `{"line":"a7-b6","private":false}`
	for _, c := range []struct {
		name, token, header, contentType string
	}{
		{"a stranger's forged link", forged, forged, "application/json"},
		{"no token in the header (a form on another site)", aliceToken, "", "application/json"},
		{"another link's token in the header", aliceToken, bobToken, "application/json"},
		{"a form's content type", aliceToken, aliceToken, "application/x-www-form-urlencoded"},
	} {
		if status, _ := post(c.token, c.header, c.contentType, move); status < 400 {
			t.Errorf("%s: got %d; want a refusal", c.name, status)
		}
	}
	for _, path := range []string{"/play/" + forged, "/play/" + forged + "/events", "/play/x"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden && resp.StatusCode != http.StatusNotFound || strings.Contains(string(data), "data-square") {
			t.Errorf("GET %s: got %d with a board %v; want 403 or 404 and no board", path, resp.StatusCode, strings.Contains(string(data), "data-square"))
		}
	}
	// Bob's own link cannot move alice's pieces: the bot refuses him, as
	// in chat.
	status, answer := post(bobToken, bobToken, "application/json", move)
	if status != http.StatusOK || !strings.Contains(answer, "not your turn") {
		t.Errorf("bob saying a7-b6: got %d %s; want the bot's refusal", status, answer)
	}
	// Nothing of the above moved a piece: alice's own link does.
	status, answer = post(aliceToken, aliceToken, "application/json", move)
	if status != http.StatusOK {
		t.Fatalf("alice saying a7-b6: got %d %s; want 200", status, answer)
	}
	lines := p.expect(t, "plays a7-b6", procTimeout)
	for _, l := range lines {
		if strings.Contains(l, "plays") && !strings.Contains(l, "Red (alice) plays a7-b6") {
			t.Errorf("a move before alice's: %q", l)
		}
	}
	if n := strings.Count(strings.Join(lines, "\n"), "plays a7-b6"); n != 1 {
		t.Errorf("a7-b6 announced %d times; want once, alice's", n)
	}
}
