package redis_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
	"github.com/ataxxbot/ataxxbot/store/storetest"
)

func open(t testing.TB, url, prefix string) *redisstore.Store {
	t.Helper()
	s, err := redisstore.Open(redisstore.Options{URL: url, Prefix: prefix, DoneTTL: time.Hour, Timeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestContract(t *testing.T) {
	url := redistest.URL(t)
	var n atomic.Int64
	storetest.Run(t, func(t *testing.T) bot.Store {
		// A fresh prefix is a fresh, empty store on the same server.
		return open(t, url, fmt.Sprintf("test%d-%d", time.Now().UnixNano(), n.Add(1)))
	})
}

func TestKeysCarryAHashTag(t *testing.T) {
	s := open(t, "redis://127.0.0.1:1/0", "ataxxbot")
	if got, want := s.Key("discord:123"), "ataxxbot:{discord:123}:game"; got != want {
		t.Errorf("Key: got %q; want %q", got, want)
	}
}

func TestDoneGamesExpireRunningGamesDoNot(t *testing.T) {
	ctx := context.Background()
	s := open(t, redistest.URL(t), fmt.Sprintf("ttl%d", time.Now().UnixNano()))
	v, err := s.Save(ctx, "irc:#a", []byte("running"), 0, false)
	if err != nil {
		t.Fatal(err)
	}
	if ttl, err := s.TTL(ctx, "irc:#a"); err != nil || ttl != -1 {
		t.Fatalf("running game TTL: got %v, %v; want none (-1)", ttl, err)
	}
	v, err = s.Save(ctx, "irc:#a", []byte("finished"), v, true)
	if err != nil {
		t.Fatal(err)
	}
	if ttl, err := s.TTL(ctx, "irc:#a"); err != nil || ttl <= 59*time.Minute || ttl > time.Hour {
		t.Fatalf("finished game TTL: got %v, %v; want about 1h", ttl, err)
	}
	if _, err := s.Save(ctx, "irc:#a", []byte("new game running"), v, false); err != nil {
		t.Fatal(err)
	}
	if ttl, _ := s.TTL(ctx, "irc:#a"); ttl != -1 {
		t.Fatalf("game running again: TTL %v; want none", ttl)
	}
}

func TestUnreachableServerFailsFast(t *testing.T) {
	ctx := context.Background()
	srv := redistest.Start(t)
	s := open(t, srv.URL, "down")
	v, err := s.Save(ctx, "k", []byte("before"), 0, false)
	if err != nil {
		t.Fatal(err)
	}
	srv.Stop()
	start := time.Now()
	_, _, err = s.Load(ctx, "k")
	if err == nil || errors.Is(err, bot.ErrNotFound) || errors.Is(err, bot.ErrConflict) {
		t.Fatalf("Load with the server down: got %v; want a connection error", err)
	}
	if _, err := s.Save(ctx, "k", []byte("during"), v, false); err == nil || errors.Is(err, bot.ErrConflict) {
		t.Fatalf("Save with the server down: got %v; want a connection error", err)
	}
	t.Logf("failed after %v: %v", time.Since(start), err)
	srv.Restart()
	var got []byte
	for i := 0; i < 50; i++ {
		if got, _, err = s.Load(ctx, "k"); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil || string(got) != "before" {
		t.Fatalf("after restart: got %q, %v; want %q (the client reconnects by itself)", got, err, "before")
	}
}

func TestOpenOptions(t *testing.T) {
	for _, tt := range []struct {
		name    string
		opts    redisstore.Options
		wantErr string
	}{
		{"nothing", redisstore.Options{}, "no url or addrs"},
		{"both", redisstore.Options{URL: "redis://127.0.0.1:6379/0", Addrs: []string{"a:1"}}, "not both"},
		{"bad url hides password", redisstore.Options{URL: "redis://u:s3cret@127.0.0.1:6379/notanumber"}, "redis://u:xxxxx@"},
		{"sentinel", redisstore.Options{Addrs: []string{"127.0.0.1:26379"}, MasterName: "mymaster"}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := redisstore.Open(tt.opts)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				s.Close()
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || strings.Contains(err.Error(), "s3cret") {
				t.Fatalf("Open: got %v; want an error with %q and no password", err, tt.wantErr)
			}
		})
	}
}

// TestTimeoutBoundsACall: a Redis that accepts connections and never
// answers costs a call the configured timeout, retries included, not a
// multiple of it (a 2 s timeout must not show as 4 s).
func TestTimeoutBoundsACall(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			defer c.Close() // held open, never answered
		}
	}()
	const timeout = 400 * time.Millisecond
	s, err := redisstore.Open(redisstore.Options{URL: "redis://" + l.Addr().String() + "/0", Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	start := time.Now()
	_, _, err = s.Load(context.Background(), "x:#y")
	took := time.Since(start)
	if err == nil {
		t.Fatal("Load from a silent server: got nil error")
	}
	if took >= 2*timeout {
		t.Errorf("Load from a silent server took %v; want about the %v timeout (retries within it)", took, timeout)
	}
}
