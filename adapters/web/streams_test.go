package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/web"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// streamFrom opens url's event stream as the client the header names
// (empty: the connection's own address) and returns the status and, on
// 200, a function that closes it.
func streamFrom(t *testing.T, url, forwarded string) (int, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	if forwarded != "" {
		req.Header.Set("X-Forwarded-For", forwarded)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	stop := func() { cancel(); res.Body.Close() }
	t.Cleanup(stop)
	if res.StatusCode != http.StatusOK {
		stop()
	}
	return res.StatusCode, stop
}

// TestLiveStreamsPerClient: one client address holds at most
// StreamsPerClient live pages; one more is refused (429) while other
// clients still open theirs, and a closed stream frees its place. Behind a
// proxy (ClientHeader), the header's last address is the client.
func TestLiveStreamsPerClient(t *testing.T) {
	for _, tc := range []struct {
		name         string
		header       string
		first, other string // the X-Forwarded-For of the first client and of another
	}{
		{"the connection's address", "", "", ""},
		{"behind a proxy: the header's last address", "X-Forwarded-For", "198.51.100.1, 203.0.113.7", "203.0.113.8"},
		{"behind a proxy: an IPv6 client counts as its /64", "X-Forwarded-For", "2001:db8:1:2::1", "2001:db8:1:3::1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := memory.New()
			b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
			t.Cleanup(b.Close)
			const most = 2
			s := &site{b: b, base: serve(t, web.Config{Store: st, Games: gamesOf(b), PollEvery: 10 * time.Millisecond,
				StreamsPerClient: most, ClientHeader: tc.header})}
			id := s.tournament(t, "#t", "guess roundrobin ai:2 @bob") // waits for bob: live until stopped
			url := s.base + "/tournaments/" + id + "/events"
			var stops []func()
			for i := range most {
				status, stop := streamFrom(t, url, tc.first)
				if status != http.StatusOK {
					t.Fatalf("stream %d of %d: got %d; want 200", i+1, most, status)
				}
				stops = append(stops, stop)
			}
			same := tc.first
			if strings.Contains(same, "::") {
				same = strings.Replace(same, "::1", "::ffff", 1) // another address of the same /64
			} else if same != "" {
				same = "10.0.0.9, " + same[strings.LastIndex(same, " ")+1:] // another proxy hop, the same client
			}
			if status, _ := streamFrom(t, url, same); status != http.StatusTooManyRequests {
				t.Errorf("stream %d from one client: got %d; want 429", most+1, status)
			}
			if tc.header != "" {
				if status, _ := streamFrom(t, url, tc.other); status != http.StatusOK {
					t.Errorf("another client's stream: got %d; want 200", status)
				}
			}
			stops[0]()
			deadline := time.Now().Add(10 * time.Second)
			for {
				status, _ := streamFrom(t, url, tc.first)
				if status == http.StatusOK {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("after closing a stream: got %d; want 200 within 10s", status)
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
}
