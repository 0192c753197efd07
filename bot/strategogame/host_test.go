package strategogame_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

type harness struct {
	t     *testing.T
	bot   *hosttest.Host
	store bot.Store
}

func newHarness(t *testing.T, k bot.Kind) *harness { return newHarnessOn(t, k, memory.New()) }

// newHarnessOn starts a bot over store, as a restarted bot would.
func newHarnessOn(t *testing.T, k bot.Kind, store bot.Store) *harness {
	t.Helper()
	b, err := hosttest.New(bot.Config{}, store, &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}, []bot.Kind{k}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return &harness{t: t, bot: b, store: store}
}

// game rebuilds the table's game from its stored record, as anyone
// reading the record could: the rules, both armies and the moves.
func (h *harness) game() (*stratego.Game, record) {
	h.t.Helper()
	data, _, err := h.store.Load(context.Background(), "test:#g")
	if err != nil {
		h.t.Fatal(err)
	}
	rec, err := bot.UnmarshalRecord(data)
	if err != nil {
		h.t.Fatal(err)
	}
	var st record
	if err := json.Unmarshal(rec.State, &st); err != nil {
		h.t.Fatal(err)
	}
	if st.Setups[0] == "" || st.Setups[1] == "" {
		return nil, st
	}
	var armies [2]stratego.Setup
	for i, rows := range st.Setups {
		if armies[i], err = stratego.ParseSetupLines(stratego.Colour(i), strings.Split(rows, "/")); err != nil {
			h.t.Fatal(err)
		}
	}
	rules, _ := stratego.ParseRules(st.Rules)
	g, err := stratego.NewGame(armies[0], armies[1], stratego.Options{Rules: rules, TurnLimit: st.Turns})
	if err != nil {
		h.t.Fatal(err)
	}
	for _, text := range st.Moves {
		m, err := stratego.ParseChatMove(text)
		if err == nil {
			_, err = g.Play(m)
		}
		if err != nil {
			h.t.Fatalf("recorded move %s: %v", text, err)
		}
	}
	return g, st
}

// record is the kind's state as it stores it, read independently.
type record struct {
	Rules   string    `json:"rules"`
	Turns   int       `json:"turn_limit"`
	Setups  [2]string `json:"setups"`
	Ready   [2]bool   `json:"ready"`
	Moves   []string  `json:"moves"`
	Forfeit *struct {
		Seat   int    `json:"seat"`
		Ending string `json:"ending"`
	} `json:"forfeit"`
}

// in says text in channel #g as user.
func (h *harness) in(user, text string) []bot.Reply {
	return h.bot.Handle(context.Background(), bot.Message{Network: "test", Channel: "#g", UserID: "id-" + user, Name: user, Text: text})
}

// dm says text privately to the bot as user.
func (h *harness) dm(user, text string) []bot.Reply {
	return h.bot.Handle(context.Background(), bot.Message{Network: "test", UserID: "id-" + user, Name: user, Text: text, Addressed: true, Private: true})
}

// audience is who sees a reply: "#g" or "private:<user id>".
func audience(r bot.Reply) string {
	if r.Private {
		return "private:" + r.User.ID
	}
	if r.To.Channel != "" {
		return r.To.Channel
	}
	return "#g"
}

func dump(rs []bot.Reply) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, audience(r)+"> "+r.Text)
	}
	return strings.Join(parts, "\n")
}

func want(t *testing.T, rs []bot.Reply, aud, substr string) {
	t.Helper()
	for _, r := range rs {
		if audience(r) == aud && strings.Contains(r.Text, substr) {
			return
		}
	}
	t.Fatalf("got:\n%s\nwant %q to %s", dump(rs), substr, aud)
}

var (
	boardRow   = regexp.MustCompile(`^ ?(\d{1,2}) ((?: (?:[rb][#1-9sBF]|\.\.|~~)){10})$`)
	namedRank  = regexp.MustCompile(`\b(Red|Blue)'s (Marshal|General|Colonel|Major|Captain|Lieutenant|Sergeant|Miner|Scout|Spy|Bomb|Flag)\b`)
	anyRankRe  = regexp.MustCompile(`\b(Marshal|General|Colonel|Major|Captain|Lieutenant|Sergeant|Miner|Scout|Spy|Bomb|Flag)\b`)
	rankByName = map[string]stratego.Rank{}
)

func init() {
	for r := stratego.Marshal; r < stratego.NumRanks; r++ {
		rankByName[r.String()] = r
	}
}

// auditor checks every reply against the true game: no audience learns
// the rank of a piece it may not know.
type auditor struct {
	t     *testing.T
	game  *stratego.Game
	rows  [2]string // each army's rows as the owner sent them
	users [2]string // audience of each seat's player
	seen  int
}

// viewerOf is what an audience may know.
func (a *auditor) viewerOf(aud string) (stratego.Seat, bool) {
	switch aud {
	case a.users[0]:
		return stratego.RedSeat, true
	case a.users[1]:
		return stratego.BlueSeat, true
	case "#g", "private:id-carol":
		return stratego.Spectator, true
	}
	return 0, false
}

// public reports whether colour c's rank r is known to everyone: a piece
// revealed on the board, or one that fought (and so died or was revealed).
func (a *auditor) public(c stratego.Colour, r stratego.Rank) bool {
	for i, res := range a.game.History() {
		if !res.Combat() {
			continue
		}
		mover := stratego.Colour(i % 2)
		if mover == c && res.Attacker == r || mover != c && res.Defender == r {
			return true
		}
	}
	return false
}

func (a *auditor) check(what string, rs []bot.Reply) {
	a.t.Helper()
	over := a.game.Status().Over()
	for _, r := range rs {
		a.seen++
		aud := audience(r)
		seat, ok := a.viewerOf(aud)
		if !ok {
			a.t.Fatalf("%s: a reply to an unknown audience %s: %q", what, aud, r.Text)
		}
		if over {
			continue // after the game everyone sees everything
		}
		for i := range 2 {
			if stratego.Seat(i) != seat && a.rows[i] != "" && strings.Contains(r.Text, a.rows[i]) {
				a.t.Fatalf("%s: %s saw %s's army rows: %q", what, aud, stratego.Colour(i), r.Text)
			}
		}
		a.checkBoard(what, aud, seat, r.Text)
		for _, m := range namedRank.FindAllStringSubmatch(r.Text, -1) {
			c, _ := stratego.ParseColour(m[1])
			if stratego.SeatOf(c) != seat && !a.public(c, rankByName[m[2]]) {
				a.t.Fatalf("%s: %s learned %s of a piece no combat revealed: %q", what, aud, m[0], r.Text)
			}
		}
		if seat == stratego.Spectator && !r.Mono {
			// Any rank named to the channel must have fought already.
			for _, m := range anyRankRe.FindAllString(r.Text, -1) {
				rk := rankByName[m]
				if !a.public(stratego.Red, rk) && !a.public(stratego.Blue, rk) && !strings.Contains(r.Text, "rules") {
					a.t.Fatalf("%s: %s heard of a %s before any fought: %q", what, aud, m, r.Text)
				}
			}
		}
	}
}

// checkBoard reads a rendered board and checks every rank shown.
func (a *auditor) checkBoard(what, aud string, seat stratego.Seat, text string) {
	a.t.Helper()
	lines := strings.Split(text, "\n")
	flipped := false
	for _, l := range lines {
		if strings.HasPrefix(l, "    j  i") {
			flipped = true
		}
	}
	pos := a.game.Position()
	for _, l := range lines {
		m := boardRow.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		var y int
		fmt.Sscan(m[1], &y)
		y--
		cells := strings.Fields(m[2])
		for j, cell := range cells {
			x := j
			if flipped {
				x = stratego.Width - 1 - j
			}
			if cell[0] != 'r' && cell[0] != 'b' || cell[1] == '#' {
				continue
			}
			sq := stratego.SquareAt(x, y)
			pc := pos.At(sq)
			if !pc.IsPiece() || pc.Rank().Token() != cell[1] {
				if strings.Contains(text, "setup:") {
					continue // the own army during the setup
				}
				a.t.Fatalf("%s: %s's board shows %s on %v where the game has %v:\n%s", what, aud, cell, sq, pc, text)
			}
			if !seat.Knows(pc) {
				a.t.Fatalf("%s: %s's board shows the hidden %v on %v:\n%s", what, aud, pc, sq, text)
			}
		}
	}
}

// TestTwoPlayersNoLeak plays a whole game between two people through the
// host: private setups, moves in every notation, in the channel and in
// private, refusals; every reply is audited so that neither the channel
// nor the opponent ever sees the rank of a piece combat has not revealed.
func TestTwoPlayersNoLeak(t *testing.T) {
	h := newHarness(t, newKind(t, strategogame.Options{}))
	red, _ := stratego.Formation("progcomp")
	blue, _ := stratego.Formation("fortress")
	redLines, blueLines := red.Lines(stratego.Red), blue.Lines(stratego.Blue)
	a := &auditor{t: t, users: [2]string{"private:id-alice", "private:id-bob"},
		rows: [2]string{strings.Join(redLines[:], " "), strings.Join(blueLines[:], " ")}}
	g, err := stratego.NewGame(red, blue, stratego.Options{Rules: stratego.Progcomp, TurnLimit: 100})
	if err != nil {
		t.Fatal(err)
	}
	a.game = g
	say := func(rs []bot.Reply) []bot.Reply { a.check("step", rs); return rs }

	want(t, say(h.in("alice", "!stratego start @bob")), "#g", "bob")
	want(t, say(h.in("alice", "!turns 100")), "#g", "draw at turn 100")
	want(t, say(h.in("bob", "!join")), "#g", "Red (alice)")
	// Setup, privately and changeable.
	rs := say(h.dm("alice", "setup random"))
	want(t, rs, "private:id-alice", "Your army")
	rs = say(h.dm("alice", "setup "+a.rows[0]))
	want(t, rs, "private:id-alice", "Your army (rows 1 to 4: your back row first): "+a.rows[0])
	want(t, say(h.dm("bob", "setup nonsense")), "private:id-bob", "no formation \"nonsense\"")
	want(t, say(h.dm("bob", "ready")), "private:id-bob", "set up your army first")
	want(t, say(h.dm("bob", "setup fortress")), "private:id-bob", a.rows[1])
	want(t, say(h.in("carol", "!board")), "#g", "Red setting up, Blue setting up")
	want(t, say(h.dm("alice", "ready")), "#g", "Red is ready.")
	want(t, say(h.dm("alice", "setup shield")), "private:id-alice", "not your turn")
	rs = say(h.in("bob", "!ready"))
	want(t, rs, "#g", "Blue is ready. Both armies are on the board; Red moves first.")
	want(t, rs, "private:id-alice", "rF rB r8 rs")
	want(t, rs, "private:id-bob", "r# r#")
	// A refusal that names the speaker's own piece stays theirs.
	want(t, say(h.in("alice", "!b1-b2")), "private:id-alice", "a Bomb never moves")
	want(t, say(h.in("bob", "!a7-a6")), "private:id-bob", "not your turn")
	want(t, say(h.in("carol", "!a4-a5")), "private:id-carol", "not a player")
	want(t, say(h.in("alice", "!undo")), "private:id-alice", "Stratego has no undo")

	rng := rand.New(rand.NewPCG(15, 2012))
	users := [2]string{"alice", "bob"}
	combats := 0
	for ply := 0; ply < 400 && !g.Status().Over(); ply++ {
		p := g.Position()
		moves := p.LegalMoves()
		m := moves[rng.IntN(len(moves))]
		for _, c := range moves { // fight when possible, to reveal
			if p.At(c.To()).IsPiece() && rng.IntN(3) > 0 {
				m = c
				break
			}
		}
		mover := p.Side()
		res, err := g.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		var text string
		var rs []bot.Reply
		switch ply % 4 {
		case 0:
			text = "!" + m.String()
		case 1:
			text = "!move " + m.String()
		case 2:
			text = "!move " + m.Protocol()
		}
		if ply%4 == 3 {
			rs = h.dm(users[mover], "move "+m.String())
		} else {
			rs = h.in(users[mover], text)
		}
		a.check(fmt.Sprintf("ply %d %v", ply, m), rs)
		want(t, rs, "#g", fmt.Sprintf("plays %v.", m))
		if res.Combat() {
			combats++
			want(t, rs, "#g", fmt.Sprintf("%s's %v attacks", map[stratego.Colour]string{stratego.Red: "Red", stratego.Blue: "Blue"}[mover], res.Attacker))
		}
		if ply == 6 {
			want(t, say(h.in("carol", "!board")), "#g", "r# r#")
			want(t, say(h.in("bob", "!board")), "private:id-bob", "bB")
			want(t, say(h.in("carol", "!stratego moves")), "#g", "1.")
		}
	}
	if combats == 0 {
		t.Fatal("no combat in the game: the audit proved little")
	}
	if !g.Status().Over() {
		t.Fatalf("not over after 400 plies with a limit of 100 turns: %v", g.Status())
	}
	// After the game the channel sees every piece.
	rs = h.in("carol", "!board")
	want(t, rs, "#g", "~~")
	if b := rs[len(rs)-1].Text; strings.Contains(b, "r#") || strings.Contains(b, "b#") || !strings.Contains(b, "bB") {
		t.Fatalf("the board after the game hides something or shows no Bomb:\n%s", b)
	}
	t.Logf("%d replies audited, %d combats, %s", a.seen, combats, g.Status())
}

// TestResignationShowsBothArmies: when a player resigns, the host tells the
// kind, and everyone then sees the whole board.
func TestResignationShowsBothArmies(t *testing.T) {
	k, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, k)
	say := func(user, text string, private bool) string {
		m := bot.Message{Network: "test", Channel: "#g", UserID: "id-" + user, Name: user, Text: text}
		if private {
			m.Channel, m.Private, m.Addressed = "", true, true
		}
		var parts []string
		for _, r := range h.bot.Handle(context.Background(), m) {
			parts = append(parts, r.Text)
		}
		return strings.Join(parts, "\n")
	}
	say("alice", "!stratego start @bob", false)
	say("bob", "!join", false)
	say("alice", "setup random", true)
	say("bob", "setup random", true)
	say("alice", "ready", true)
	say("bob", "ready", true)
	if board := say("carol", "!board", false); !strings.Contains(board, "b#") {
		t.Fatalf("a spectator's board before the end shows the armies:\n%s", board)
	}
	if got := say("alice", "!resign", false); !strings.Contains(got, "Red resigns. Blue wins.") {
		t.Fatalf("resign: got %q", got)
	}
	if board := say("carol", "!board", false); strings.Contains(board, "b#") || strings.Contains(board, "r#") {
		t.Errorf("after the resignation the board still hides pieces:\n%s", board)
	}
}

// TestStatusSaysTheMoverOnce: a running game's summary does not say whose
// move it is: the host's status line says it after the summary, with the
// player's name, and saying it twice read "Red to move. Red (alice) to
// move." (on !status and the web view).
func TestStatusSaysTheMoverOnce(t *testing.T) {
	h := newHarness(t, newKind(t, strategogame.Options{}))
	want(t, h.in("alice", "!stratego start @bob"), "#g", "bob")
	want(t, h.in("bob", "!join"), "#g", "Red (alice)")
	h.dm("alice", "setup fortress")
	h.dm("bob", "setup fortress")
	h.dm("alice", "ready")
	want(t, h.in("bob", "!ready"), "#g", "Both armies are on the board")
	rs := h.in("carol", "!status")
	want(t, rs, "#g", "Red (alice) to move.")
	if text := fmt.Sprint(rs); strings.Count(text, "to move") != 1 {
		t.Fatalf("status: got %q; want \"to move\" said once", text)
	}
}
