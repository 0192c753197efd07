package web_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/web"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// scrape GETs /metrics and parses the text exposition.
func scrape(t *testing.T, base string) map[string]*dto.MetricFamily {
	t.Helper()
	status, body := get(t, base, "/metrics")
	if status != 200 {
		t.Fatalf("GET /metrics: got %d; want 200", status)
	}
	p := expfmt.NewTextParser(model.LegacyValidation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(body))
	if err != nil {
		t.Fatalf("parsing /metrics: %v\n%s", err, body)
	}
	return fams
}

// value is the counter (or gauge, or a histogram's count) of the series
// of name with exactly labels ("k=v,k=v"), and whether it exists.
func value(fams map[string]*dto.MetricFamily, name, labels string) (float64, bool) {
	f, ok := fams[name]
	if !ok {
		return 0, false
	}
	for _, m := range f.GetMetric() {
		var ls []string
		for _, l := range m.GetLabel() {
			ls = append(ls, l.GetName()+"="+l.GetValue())
		}
		sort.Strings(ls)
		if strings.Join(ls, ",") != labels {
			continue
		}
		switch {
		case m.Counter != nil:
			return m.GetCounter().GetValue(), true
		case m.Gauge != nil:
			return m.GetGauge().GetValue(), true
		case m.Histogram != nil:
			return float64(m.GetHistogram().GetSampleCount()), true
		}
	}
	return 0, false
}

// series lists the label sets of name, sorted.
func series(fams map[string]*dto.MetricFamily, name string) []string {
	var out []string
	for _, m := range fams[name].GetMetric() {
		var ls []string
		for _, l := range m.GetLabel() {
			ls = append(ls, l.GetName()+"="+l.GetValue())
		}
		sort.Strings(ls)
		out = append(out, strings.Join(ls, ","))
	}
	sort.Strings(out)
	return out
}

// flakyStore is a memory store whose Save fails while broken.
type flakyStore struct {
	*memory.Store
	mu     sync.Mutex
	broken bool
}

func (s *flakyStore) Save(ctx context.Context, key string, data []byte, version uint64, done bool) (uint64, error) {
	s.mu.Lock()
	broken := s.broken
	s.mu.Unlock()
	if broken {
		return 0, errors.New("connection reset by peer")
	}
	return s.Store.Save(ctx, key, data, version, done)
}

// TestMetricsAfterRealCommands: commands said to a real bot show on
// /metrics under their network, kind and declared verb; a verb nobody
// declared is "other" whatever was typed; games started and finished,
// the AI's thinking and a store failure are counted.
func TestMetricsAfterRealCommands(t *testing.T) {
	st := &flakyStore{Store: memory.New()}
	reg := prometheus.NewRegistry()
	m, err := web.NewMetrics(reg, []string{"guess"}, []string{"console", "irc"})
	if err != nil {
		t.Fatal(err)
	}
	b := hosttest.Must(hosttest.New(bot.Config{}, st, nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil, hosttest.Observer(m)))
	defer b.Close()
	depth, up := 3, true
	if err := web.RegisterGauges(reg, func() int { return depth }, func() bool { return up }); err != nil {
		t.Fatal(err)
	}
	base := serve(t, web.Config{Store: st, Gatherer: reg})

	say := func(network, channel, text string) []bot.Reply {
		return b.Handle(context.Background(), bot.Message{Network: network, Channel: channel, UserID: "id-dave", Name: "dave", Text: text})
	}
	say("irc", "#g", "!guess start ai:5")
	say("irc", "#g", "!guess frobnicate\x01<b>")
	say("irc", "#g", "!guess frobnicate2")
	say("irc", "#g", "!games")
	say("discord", "#g", "!games") // a network not listed: "other"
	b.Handle(context.Background(), bot.Message{Network: "irc", UserID: "id-dave", Name: "dave", Text: "#g hide 5", Private: true, Addressed: true})
	say("irc", "#g", "!ready")
	over := false
	for n := 1; n <= 9 && !over; n++ {
		rs := say("irc", "#g", fmt.Sprintf("!%d", n))
		for _, r := range rs {
			over = over || strings.Contains(r.Text, "wins.") || strings.Contains(r.Text, "Draw.")
		}
	}
	if !over {
		t.Fatal("the game did not end")
	}
	st.mu.Lock()
	st.broken = true
	st.mu.Unlock()
	say("irc", "#h", "!guess start ai:5") // the save fails
	depth, up = 0, false

	fams := scrape(t, base)
	counts := []struct {
		name, metric, labels string
		want                 float64
	}{
		{"start", "ataxxbot_commands_total", "kind=guess,network=irc,verb=start", 2},
		{"unknown verbs are other", "ataxxbot_commands_total", "kind=guess,network=irc,verb=other", 2},
		{"unknown verbs are refused", "ataxxbot_commands_refused_total", "kind=guess,network=irc,verb=other", 2},
		{"a command about no game", "ataxxbot_commands_total", "kind=none,network=irc,verb=games", 1},
		{"a network not served", "ataxxbot_commands_total", "kind=none,network=other,verb=games", 1},
		{"a private secret", "ataxxbot_commands_total", "kind=guess,network=irc,verb=hide", 1},
		{"a storage failure is refused", "ataxxbot_commands_refused_total", "kind=guess,network=irc,verb=start", 1},
		{"games started", "ataxxbot_games_started_total", "kind=guess", 1},
		{"latency observed per command", "ataxxbot_command_duration_seconds", "kind=guess,network=irc", 0},
		{"store errors", "ataxxbot_store_errors_total", "op=Save", 1},
		{"outbox depth", "ataxxbot_irc_outbox_lines", "", 0},
		{"gateway down", "ataxxbot_discord_gateway_connected", "", 0},
	}
	for _, c := range counts {
		got, ok := value(fams, c.metric, c.labels)
		if c.name == "latency observed per command" {
			want, _ := value(fams, "ataxxbot_commands_total", "kind=guess,network=irc,verb=start")
			c.want = got // at least as many as the starts
			if got < want {
				t.Errorf("%s: got %v samples; want at least %v", c.name, got, want)
			}
		}
		if !ok || got != c.want {
			t.Errorf("%s: %s{%s}: got %v (present %v); want %v", c.name, c.metric, c.labels, got, ok, c.want)
		}
	}
	if got := series(fams, "ataxxbot_games_finished_total"); len(got) != 1 || !strings.HasPrefix(got[0], "ending=") || !strings.HasSuffix(got[0], ",kind=guess") {
		t.Errorf("games finished: got %q; want one series of kind guess with its ending", got)
	}
	if got, ok := value(fams, "ataxxbot_ai_think_seconds", "kind=guess"); !ok || got < 2 {
		t.Errorf("AI think time: got %v samples; want the AI's setup and guesses", got)
	}
	for _, s := range series(fams, "ataxxbot_commands_total") {
		if strings.ContainsAny(s, "<>\x01") || strings.Contains(s, "frobnicate") {
			t.Errorf("a user's text reached a label: %q", s)
		}
	}
}

// TestMetricsBoundEveryLabel: whatever the bot passes, label values stay
// within the hosted kinds, the served networks, short verbs and a
// bounded number of endings.
func TestMetricsBoundEveryLabel(t *testing.T) {
	reg := prometheus.NewRegistry()
	m, err := web.NewMetrics(reg, []string{"guess"}, []string{"irc"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		m.CommandDone(fmt.Sprintf("net%d", i), fmt.Sprintf("kind%d", i), fmt.Sprintf("verb %d", i), time.Millisecond, nil)
		m.GameFinished("guess", bot.Ending(fmt.Sprintf("ending %d", i)))
		m.StoreError(strings.Repeat("x", 30+i))
	}
	fams, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, f := range fams {
		got[f.GetName()] = len(f.GetMetric())
	}
	want := map[string]int{
		"ataxxbot_commands_total":           1, // network=other,kind=other,verb=other
		"ataxxbot_command_duration_seconds": 1,
		"ataxxbot_games_finished_total":     25, // 24 named, then other
		"ataxxbot_store_errors_total":       1,
		"ataxxbot_games_started_total":      1, // guess, at zero
	}
	for name, n := range want {
		if got[name] != n {
			t.Errorf("%s: got %d series; want %d", name, got[name], n)
		}
	}
}

// TestMetricsRegisterTwiceFails: two Metrics in one registry is a
// wiring mistake, reported, never a panic.
func TestMetricsRegisterTwiceFails(t *testing.T) {
	reg := prometheus.NewRegistry()
	if _, err := web.NewMetrics(reg, []string{"guess"}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := web.NewMetrics(reg, []string{"guess"}, nil); err == nil {
		t.Error("a second NewMetrics in one registry: got nil; want an error")
	}
}

// BenchmarkCommandDone is what observing one command costs the bot.
func BenchmarkCommandDone(b *testing.B) {
	m, err := web.NewMetrics(prometheus.NewRegistry(), []string{"ataxx", "congo"}, []string{"irc", "discord"})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		m.CommandDone("irc", "ataxx", "move", time.Millisecond, nil)
	}
}
