package deliver_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/deliver"
)

// flakyBox fails its first fails takes, then hands out one message.
type flakyBox struct {
	mu    sync.Mutex
	fails int
	taken int
	done  chan struct{}
}

func (f *flakyBox) Post(context.Context, string, []byte) error { return nil }

func (f *flakyBox) Take(ctx context.Context, box string, n int) ([][]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.taken++
	if f.taken <= f.fails {
		return nil, bot.ErrUnavailable
	}
	if f.taken == f.fails+1 {
		close(f.done)
		return [][]byte{[]byte(`{"Text":"hello"}`)}, nil
	}
	return nil, nil
}

type sentReplies struct {
	mu  sync.Mutex
	got []bot.Reply
}

func (s *sentReplies) Send(_ context.Context, rs []bot.Reply) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.got = append(s.got, rs...)
	return nil
}

// syncBuffer is a log sink safe for the poller's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestPollMailLogsAnOutageOnce: a store that cannot be reached for many
// polls is logged once when the outage starts and once when it ends, not
// every 250 ms, and the mail waiting is delivered after it.
func TestPollMailLogsAnOutageOnce(t *testing.T) {
	var logs syncBuffer
	box := &flakyBox{fails: 6, done: make(chan struct{})}
	r := &deliver.Router{Box: box, Log: slog.New(slog.NewTextHandler(&logs, nil))}
	sent := &sentReplies{}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() {
		r.PollMail(ctx, func() []string { return []string{"irc:#g"} }, sent)
		close(stopped)
	}()
	select {
	case <-box.done:
	case <-time.After(30 * time.Second):
		t.Fatal("the poller never took the mail")
	}
	cancel()
	<-stopped
	warns := strings.Count(logs.String(), "level=WARN")
	if warns != 1 {
		t.Errorf("got %d WARN lines over 6 failed polls; want 1:\n%s", warns, logs.String())
	}
	if !strings.Contains(logs.String(), "taking mail again") {
		t.Errorf("got no line when the store answered again; want one:\n%s", logs.String())
	}
	sent.mu.Lock()
	defer sent.mu.Unlock()
	if len(sent.got) != 1 || sent.got[0].Text != "hello" {
		t.Errorf("got %v delivered; want the one waiting reply", sent.got)
	}
}

// postedBox records the boxes posted to.
type postedBox struct{ boxes []string }

func (p *postedBox) Post(_ context.Context, box string, _ []byte) error {
	p.boxes = append(p.boxes, box)
	return nil
}

func (p *postedBox) Take(context.Context, string, int) ([][]byte, error) { return nil, nil }

// orderedBot answers every message with a reply at this process's table
// and one at another process's, through Respond, and notes when its AI
// would start: after deliver returns.
type orderedBot struct {
	handles, responds int
	aiStarted         bool
}

func (o *orderedBot) replies() []bot.Reply {
	return []bot.Reply{
		{To: bot.Table{Network: "irc", Channel: "#here"}, Text: "moved"},
		{To: bot.Table{Network: "irc", Channel: "#there"}, Text: "moved, seen there"},
	}
}

func (o *orderedBot) Handle(context.Context, bot.Message) []bot.Reply {
	o.handles++
	return o.replies()
}

func (o *orderedBot) Respond(_ context.Context, _ bot.Message, deliver func([]bot.Reply)) {
	o.responds++
	deliver(o.replies())
	o.aiStarted = true
}

// TestRoutedHandlerKeepsTheBotsOrder: the router's handler answers through
// the bot's Respond, so an adapter's replies, and those posted to other
// processes, go before the AI's reply to them; the adapter gets only the
// replies for the tables its process serves.
func TestRoutedHandlerKeepsTheBotsOrder(t *testing.T) {
	box := &postedBox{}
	r := &deliver.Router{Box: box, Serves: func(t bot.Table) bool { return t.Channel == "#here" }, Log: slog.New(slog.DiscardHandler)}
	b := &orderedBot{}
	var got []string
	bot.Answer(context.Background(), r.Handler(b), bot.Message{Network: "irc", Channel: "#here", Text: "!move a7-b6"}, func(rs []bot.Reply) {
		if b.aiStarted {
			t.Error("delivering: got the AI started; want it to wait for the replies")
		}
		if len(box.boxes) != 1 {
			t.Errorf("delivering: got %d replies posted to other processes; want 1, posted first", len(box.boxes))
		}
		for _, r := range rs {
			got = append(got, r.Text)
		}
	})
	if b.responds != 1 || b.handles != 0 {
		t.Errorf("calls: got %d Respond and %d Handle; want 1 and 0", b.responds, b.handles)
	}
	if len(got) != 1 || got[0] != "moved" {
		t.Errorf("the adapter's replies: got %q; want [\"moved\"]", got)
	}
}
