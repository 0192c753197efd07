package redis_test

import (
	"context"
	"errors"
	"io"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
	goredis "github.com/redis/go-redis/v9"
)

// loseFirstAnswer is a node client's hook that runs the first EVALSHA
// after lose is set and then reports its connection broken, as when a
// master dies between running a save and answering it; it counts the
// EVALSHAs sent.
type loseFirstAnswer struct {
	lose *atomic.Bool
	sent *atomic.Int64
}

func (h loseFirstAnswer) DialHook(next goredis.DialHook) goredis.DialHook { return next }

func (h loseFirstAnswer) ProcessHook(next goredis.ProcessHook) goredis.ProcessHook {
	return func(ctx context.Context, cmd goredis.Cmder) error {
		err := next(ctx, cmd)
		if cmd.Name() != "evalsha" {
			return err
		}
		h.sent.Add(1)
		if h.lose.CompareAndSwap(true, false) {
			cmd.SetErr(io.EOF)
			return io.EOF
		}
		return err
	}
}

func (h loseFirstAnswer) ProcessPipelineHook(next goredis.ProcessPipelineHook) goredis.ProcessPipelineHook {
	return next
}

// TestClusterSaveWhoseAnswerIsLostIsSentOnce: a save that ran but whose
// answer was lost (the connection broke) is not sent again, so it is
// never reported as a conflict (which would make the host run the
// command again on a record that has it): the caller gets an error,
// whose outcome is unknown, and the record is the one saved.
func TestClusterSaveWhoseAnswerIsLostIsSentOnce(t *testing.T) {
	c := redistest.StartCluster(t)
	ctx := context.Background()
	var lose atomic.Bool
	var sent atomic.Int64
	cl := goredis.NewClusterClient(&goredis.ClusterOptions{Addrs: c.Addrs})
	cl.OnNewNode(func(n *goredis.Client) { n.AddHook(loseFirstAnswer{&lose, &sent}) })
	s := redisstore.New(cl, prefix("once"), time.Hour)
	defer s.Close()
	const key = "irc:#once"
	v, err := s.Save(ctx, key, []byte("first"), 0, false)
	if err != nil {
		t.Fatal(err)
	}
	sent.Store(0)
	lose.Store(true)
	_, err = s.Save(ctx, key, []byte("second"), v, false)
	if err == nil || errors.Is(err, bot.ErrConflict) {
		t.Errorf("Save whose answer was lost: got %v; want an error other than ErrConflict", err)
	}
	if got := sent.Load(); got != 1 {
		t.Errorf("EVALSHAs sent for the save: got %d; want 1", got)
	}
	data, _, err := s.Load(ctx, key)
	if err != nil || string(data) != "second" {
		t.Errorf("Load: got %q, %v; want the save that ran, %q", data, err, "second")
	}
}
