package web_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/web"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// get fetches path from the server at base and returns status and body.
func get(t *testing.T, base, path string) (int, string) {
	t.Helper()
	res, err := http.Get(base + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("GET %s: reading: %v", path, err)
	}
	return res.StatusCode, string(body)
}

// serve starts a Server for cfg on a real loopback listener and returns
// its base URL; it stops when the test ends.
func serve(t *testing.T, cfg web.Config) string {
	t.Helper()
	cfg.Addr = "127.0.0.1:0"
	s, err := web.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Listen(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve after shutdown: got %v; want nil", err)
		}
	})
	return "http://" + s.Addr()
}

// failingStore is a memory store whose every read fails, as a store that
// cannot be reached.
type failingStore struct{ *memory.Store }

func (failingStore) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	return nil, 0, errors.New("dial tcp 127.0.0.1:1: connection refused")
}

// hangingStore never answers until its caller gives up.
type hangingStore struct{ *memory.Store }

func (hangingStore) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	<-ctx.Done()
	return nil, 0, ctx.Err()
}

// TestHealthz: 200 "ok" when the store answers (a missing key is an
// answer), 503 with one line when it fails or does not answer in time.
func TestHealthz(t *testing.T) {
	cases := []struct {
		name       string
		store      bot.Store
		wantStatus int
		wantBody   string
	}{
		{"a live store", memory.New(), http.StatusOK, "ok\n"},
		{"a store that fails", failingStore{memory.New()}, http.StatusServiceUnavailable, "storage unavailable\n"},
		{"a store that does not answer", hangingStore{memory.New()}, http.StatusServiceUnavailable, "storage unavailable\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := serve(t, web.Config{Store: c.store, HealthTimeout: 50 * time.Millisecond})
			status, body := get(t, base, "/healthz")
			if status != c.wantStatus || body != c.wantBody {
				t.Errorf("got %d %q; want %d %q", status, body, c.wantStatus, c.wantBody)
			}
		})
	}
}

// TestHealthzFollowsRedis: with a real redis-server, /healthz is 200;
// with the server stopped, 503; started again, 200.
func TestHealthzFollowsRedis(t *testing.T) {
	srv := redistest.Start(t)
	st, err := redisstore.Open(redisstore.Options{URL: srv.URL, Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	base := serve(t, web.Config{Store: st, HealthTimeout: time.Second})
	steps := []struct {
		name string
		do   func()
		want int
	}{
		{"redis up", func() {}, http.StatusOK},
		{"redis stopped", srv.Stop, http.StatusServiceUnavailable},
		{"redis back", srv.Restart, http.StatusOK},
	}
	for _, s := range steps {
		s.do()
		status, body := get(t, base, "/healthz")
		if status != s.want {
			t.Errorf("%s: got %d %q; want %d", s.name, status, body, s.want)
		}
		if strings.Count(body, "\n") != 1 || !strings.HasSuffix(body, "\n") {
			t.Errorf("%s: got body %q; want one line", s.name, body)
		}
	}
}

// TestNewRefusesABadConfig: no address or no store is an error wrapping
// ErrConfig; a taken address fails at Listen.
func TestNewRefusesABadConfig(t *testing.T) {
	cases := []struct {
		name string
		cfg  web.Config
	}{
		{"no address", web.Config{Store: memory.New()}},
		{"no store", web.Config{Addr: "127.0.0.1:0"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := web.New(c.cfg); !errors.Is(err, web.ErrConfig) {
				t.Errorf("got %v; want ErrConfig", err)
			}
		})
	}
	t.Run("a taken address", func(t *testing.T) {
		ts := httptest.NewServer(http.NotFoundHandler())
		defer ts.Close()
		s, err := web.New(web.Config{Addr: strings.TrimPrefix(ts.URL, "http://"), Store: memory.New()})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Listen(); err == nil {
			t.Error("Listen on a taken address: got nil; want an error")
		}
	})
}

// TestShutdownIsGraceful: a request in flight when the context ends is
// answered; Serve returns nil after it.
func TestShutdownIsGraceful(t *testing.T) {
	st := &gateStore{Store: memory.New(), entered: make(chan struct{}), release: make(chan struct{})}
	s, err := web.New(web.Config{Addr: "127.0.0.1:0", Store: st, HealthTimeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Listen(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx) }()
	type answer struct {
		status int
		body   string
	}
	got := make(chan answer, 1)
	go func() {
		status, body := get(t, "http://"+s.Addr(), "/healthz")
		got <- answer{status, body}
	}()
	<-st.entered // the request is in flight
	cancel()
	st.once.Do(func() { close(st.release) })
	a := <-got
	if a.status != http.StatusOK || a.body != "ok\n" {
		t.Errorf("the request in flight: got %d %q; want 200 %q", a.status, a.body, "ok\n")
	}
	if err := <-done; err != nil {
		t.Errorf("Serve: got %v; want nil", err)
	}
}

// gateStore holds its first Load until released.
type gateStore struct {
	*memory.Store
	entered, release chan struct{}
	once, in         sync.Once
}

func (g *gateStore) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	g.in.Do(func() { close(g.entered) })
	<-g.release
	return g.Store.Load(ctx, key)
}

// gamesOf is h as the pages' Games: its own ReplayGame when the host has
// one, else a host whose games have no replay.
func gamesOf(h *hosttest.Host) web.Games {
	if g, ok := any(h).(web.Games); ok {
		return g
	}
	return noReplays{h}
}

// noReplays is a host whose games have no replay.
type noReplays struct{ *hosttest.Host }

func (noReplays) ReplayGame(context.Context, string, []bool) (bot.Surface, []bot.Frame, error) {
	return bot.Surface{}, nil, fmt.Errorf("%w: no replays here", bot.ErrNotFound)
}
