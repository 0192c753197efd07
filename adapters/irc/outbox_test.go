package irc

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// board returns n lines named after it: "A1", "A2", ...
func boardLines(name string, n int) []string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fmt.Sprintf("%s%d", name, i+1)
	}
	return lines
}

// drain takes every line left, as "target line".
func drain(o *outbox) []string {
	var sent []string
	for {
		target, line, ok := o.next()
		if !ok {
			return sent
		}
		sent = append(sent, target+" "+line)
	}
}

const skipped1 = "(1 older replies skipped to stay within the server's flood limits)"

// TestOutboxNeverCutsABoard: board A was half sent when boards B and C
// came, and the old outbox dropped the rest of A (A's first five lines, the
// skip notice, then C). A board once started is sent whole; B, which had
// not started, is what goes.
func TestOutboxNeverCutsABoard(t *testing.T) {
	o := newOutbox(20, nil)
	o.add("#a", boardLines("A", 11), true)
	var sent []string
	for range 5 {
		target, line, _ := o.next()
		sent = append(sent, target+" "+line)
	}
	o.add("#a", boardLines("B", 11), true)
	o.add("#a", boardLines("C", 11), true) // 28 lines waiting: over 20
	sent = append(sent, drain(o)...)
	var want []string
	for _, l := range boardLines("A", 11) {
		want = append(want, "#a "+l)
	}
	want = append(want, "#a "+skipped1)
	for _, l := range boardLines("C", 11) {
		want = append(want, "#a "+l)
	}
	if got := strings.Join(sent, "|"); got != strings.Join(want, "|") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(sent, "\n"), strings.Join(want, "\n"))
	}
}

// TestOutboxFair: while #a has a long queue, a reply for #b goes out
// after at most one more line for #a, and then the two take turns.
func TestOutboxFair(t *testing.T) {
	o := newOutbox(20, nil)
	for _, b := range []string{"A", "B"} {
		o.add("#a", boardLines(b, 9), true)
	}
	o.add("#a", []string{"text"}, false)
	if target, line, _ := o.next(); target+" "+line != "#a A1" {
		t.Fatalf("first line: got %q; want %q", target+" "+line, "#a A1")
	}
	o.add("#b", []string{"Red (alice), Blue (bob). Red to move."}, false)
	o.add("query-nick", boardLines("Q", 2), true)
	got := drain(o)
	want := []string{"#a A2", "#b Red (alice), Blue (bob). Red to move.", "query-nick Q1", "#a A3", "query-nick Q2", "#a A4"}
	if strings.Join(got[:len(want)], "|") != strings.Join(want, "|") {
		t.Errorf("got:\n%s\nwant first:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := len(got); n != 6+5+9+1 {
		t.Errorf("sent %d lines; want %d (every line, nothing dropped)", n, 6+5+9+1)
	}
}

// TestOutboxTargetsIgnoreCase: "#Ataxx" and "#ataxx" are one channel, so
// one queue: a reply sent to one spelling waits for a board to the other.
func TestOutboxTargetsIgnoreCase(t *testing.T) {
	o := newOutbox(20, nil)
	o.add("#Ataxx", boardLines("A", 3), true)
	o.add("#other", []string{"x"}, false)
	o.add("#ataxx", []string{"after the board"}, false)
	got := drain(o)
	want := []string{"#Ataxx A1", "#other x", "#Ataxx A2", "#Ataxx A3", "#Ataxx after the board"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q; want %q", got, want)
	}
}

// TestOutboxRun sends through run, with the send function pacing as
// girc's does, while replies keep coming from other goroutines.
func TestOutboxRun(t *testing.T) {
	got := make(chan string, 100)
	o := newOutbox(20, func(target, line string) { got <- target + " " + line })
	o.pace.budget = time.Hour // no pacing: TestPacer covers it
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { o.run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	for i := range 3 {
		go o.add(fmt.Sprintf("#c%d", i), boardLines(fmt.Sprintf("C%d-", i), 4), true)
	}
	seen := map[string][]string{}
	for range 12 {
		target, line, _ := strings.Cut(<-got, " ")
		seen[target] = append(seen[target], line)
	}
	for i := range 3 {
		target := fmt.Sprintf("#c%d", i)
		if want := boardLines(fmt.Sprintf("C%d-", i), 4); strings.Join(seen[target], "|") != strings.Join(want, "|") {
			t.Errorf("%s got %q; want %q", target, seen[target], want)
		}
	}
}

var (
	msgLine    = regexp.MustCompile(`^m(\d+)\.(\d+)/(\d+)$`)
	noticeLine = regexp.MustCompile(`^\((\d+) older replies skipped to stay within the server's flood limits\)$`)
)

// checkOutbox drives an outbox with ops and checks, for every target, that
// replies go whole and in order, that a notice never splits a reply and
// counts exactly the replies that never went, that a queue stays bounded,
// and that targets take turns.
func checkOutbox(t *testing.T, limit int, ops []byte) {
	o := newOutbox(limit, nil)
	type state struct {
		last, inMsg, inLine, inLen int // last message begun; the message being sent, its last line, its length
		added, done, skipped       int
		waitedSince                map[string]int // sends to each other target since this one was last served
	}
	targets := []string{"#a", "#b", "query"}
	st := map[string]*state{}
	for _, tg := range targets {
		st[tg] = &state{last: -1, inMsg: -1}
	}
	id := 0
	serve := func() bool {
		waiting := map[string]bool{}
		for _, tg := range targets {
			waiting[tg] = o.queues[tg] != nil
		}
		target, line, ok := o.next()
		if !ok {
			return false
		}
		s := st[target]
		for _, u := range targets {
			if u == target || !waiting[u] {
				continue
			}
			su := st[u]
			if su.waitedSince == nil {
				su.waitedSince = map[string]int{}
			}
			if su.waitedSince[target]++; su.waitedSince[target] > 1 {
				t.Fatalf("%s served twice while %s waited", target, u)
			}
		}
		s.waitedSince = nil
		if m := noticeLine.FindStringSubmatch(line); m != nil {
			if s.inMsg >= 0 {
				t.Fatalf("%s: notice inside message m%d", target, s.inMsg)
			}
			n, _ := strconv.Atoi(m[1])
			s.skipped += n
			return true
		}
		m := msgLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("%s: unexpected line %q", target, line)
		}
		mid, _ := strconv.Atoi(m[1])
		k, _ := strconv.Atoi(m[2])
		n, _ := strconv.Atoi(m[3])
		if s.inMsg >= 0 {
			if mid != s.inMsg || k != s.inLine+1 {
				t.Fatalf("%s: got %q inside m%d at line %d", target, line, s.inMsg, s.inLine)
			}
		} else if k != 1 || mid <= s.last {
			t.Fatalf("%s: got %q: a reply begun past its first line or out of order (last m%d)", target, line, s.last)
		} else {
			s.last = mid
		}
		s.inMsg, s.inLine, s.inLen = mid, k, n
		if k == n {
			s.inMsg = -1
			s.done++
		}
		return true
	}
	for _, op := range ops {
		switch op % 4 {
		case 3:
			for range op >> 2 % 8 {
				serve()
			}
		default:
			tg := targets[int(op>>2)%len(targets)]
			n := 1 + int(op>>4)%11
			lines := make([]string, n)
			for i := range lines {
				lines[i] = fmt.Sprintf("m%d.%d/%d", id, i+1, n)
			}
			id++
			o.add(tg, lines, n > 1)
			st[tg].added++
			if q := o.queues[tg]; q != nil {
				bound := 2 * limit
				if k := len(q.items); q.started && k > 1 {
					bound = max(bound, len(q.items[0].lines)+len(q.items[k-1].lines))
				} else if k > 0 {
					bound = max(bound, len(q.items[k-1].lines))
				}
				if p := q.pending(); p > bound {
					t.Fatalf("%s: %d lines waiting; want at most %d", tg, p, bound)
				}
			}
		}
	}
	for serve() {
	}
	for _, tg := range targets {
		s := st[tg]
		if s.inMsg >= 0 || s.done+s.skipped != s.added {
			t.Fatalf("%s: %d replies added, %d sent whole, %d told skipped, m%d unfinished", tg, s.added, s.done, s.skipped, s.inMsg)
		}
	}
}

func TestOutboxInvariants(t *testing.T) {
	tests := []struct {
		name string
		max  int
		ops  []byte
	}{
		{"boards while one is sent", 20, []byte{0xa0, 0x03 | 5<<2, 0xa0, 0xa0, 0xa0, 0x07, 0xa0}},
		{"two channels and a query", 6, []byte{0xf0, 0xf4, 0xf8, 0x0f, 0xf0, 0x00, 0x00, 0x04, 0x1f, 0xf8}},
		{"text only past twice the limit", 2, []byte{0, 0, 0, 0, 0, 0, 0x0b, 0, 0}},
		{"a board longer than the limit", 3, []byte{0xa0, 0xa0, 0x07, 0xa0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkOutbox(t, tt.max, tt.ops) })
	}
}

func FuzzOutbox(f *testing.F) {
	f.Add(uint8(20), []byte{0xa0, 0x03 | 5<<2, 0xa0, 0xa0, 0xa0, 0x07, 0xa0})
	f.Add(uint8(6), []byte{0xf0, 0xf4, 0xf8, 0x0f, 0xf0, 0x00, 0x00, 0x04, 0x1f, 0xf8})
	f.Add(uint8(2), []byte{0, 0, 0, 0, 0, 0, 0x0b, 0, 0})
	f.Fuzz(func(t *testing.T, limit uint8, ops []byte) {
		checkOutbox(t, 1+int(limit%40), ops)
	})
}

// TestPacer: after a quiet spell a burst goes at once, up to the budget;
// then each line waits for its cost (a second plus a second per 100
// bytes) to be paid back; a pause pays back the debt.
func TestPacer(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := pacer{budget: 8 * time.Second}
	now := t0
	burst := 0
	for p.wait(now) == 0 {
		p.sent(now, 100) // 2 s each
		burst++
	}
	if burst != 5 {
		t.Errorf("burst of 100-byte lines: got %d; want 5 (debt 10 s over a budget of 8)", burst)
	}
	if got := p.wait(now); got != 2*time.Second {
		t.Errorf("wait after the burst: got %v; want 2s", got)
	}
	now = now.Add(2 * time.Second)
	if got := p.wait(now); got != 0 {
		t.Errorf("wait once paid back: got %v; want 0", got)
	}
	p.sent(now, 0) // 1 s
	if got := p.wait(now.Add(500 * time.Millisecond)); got != 500*time.Millisecond {
		t.Errorf("steady wait: got %v; want 500ms", got)
	}
	now = now.Add(time.Minute)
	if got := p.wait(now); got != 0 || p.debt != 0 {
		t.Errorf("after a quiet minute: wait %v, debt %v; want 0, 0", got, p.debt)
	}
}

// TestOutboxPrivateResolvedAtSend: a private reply's nick is looked up as
// each line goes: a nick change mid-reply moves the rest, a holder gone
// drops it (skipped), and a person's replies keep their order beside a
// channel's burst, a line of each in turn.
func TestOutboxPrivateResolvedAtSend(t *testing.T) {
	holder := map[string]string{"nick:bob@h": "bob"}
	var skipped []string
	o := newOutbox(20, nil)
	o.resolve = func(id, fallback string) string { return holder[id] }
	o.skipped = func(id string) { skipped = append(skipped, id) }
	o.add("#a", boardLines("A", 4), true)
	o.addPrivate("nick:bob@h", "", boardLines("V", 3), true)
	o.addPrivate("nick:bob@h", "", []string{"after"}, false)
	var got []string
	step := func() {
		target, line, ok := o.next()
		if !ok {
			t.Fatal("next: nothing; want a line")
		}
		got = append(got, target+" "+line)
	}
	step()                        // #a A1
	step()                        // bob V1
	holder["nick:bob@h"] = "bob2" // bob changes nick mid-view
	step()                        // #a A2
	step()                        // bob2 V2
	step()                        // #a A3
	delete(holder, "nick:bob@h")  // bob quits
	step()                        // V3: dropped
	step()                        // #a A4
	step()                        // after: dropped
	want := []string{"#a A1", "bob V1", "#a A2", "bob2 V2", "#a A3", " V3", "#a A4", " after"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q; want %q", got, want)
	}
	if len(skipped) != 2 {
		t.Errorf("skipped %q; want the two lines sent while bob was away", skipped)
	}
	if _, _, ok := o.next(); ok {
		t.Error("a line left after the queues emptied")
	}
}

// TestOutboxDepth: the depth an operator sees counts every line waiting,
// in every queue, less what went and what was dropped.
func TestOutboxDepth(t *testing.T) {
	o := newOutbox(20, nil)
	steps := []struct {
		name string
		do   func()
		want int
	}{
		{"empty", func() {}, 0},
		{"a board", func() { o.add("#a", boardLines("A", 11), true) }, 11},
		{"a line elsewhere", func() { o.add("#b", []string{"hi"}, false) }, 12},
		{"a private reply", func() { o.addPrivate("id-bob", "bob", []string{"p1", "p2"}, false) }, 14},
		{"one line sent", func() { o.next() }, 13},
		{"a newer board supersedes one waiting", func() {
			o.add("#a", boardLines("B", 11), true)
			o.add("#a", boardLines("C", 11), true)
		}, 10 + 1 + 2 + 11},
		{"drained", func() { drain(o) }, 0},
	}
	for _, s := range steps {
		s.do()
		if got := o.depth(); got != s.want {
			t.Errorf("%s: got depth %d; want %d", s.name, got, s.want)
		}
	}
}
