package redis

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	goredis "github.com/redis/go-redis/v9"
)

// answer is an error Redis answered (go-redis's errors from replies have
// the RedisError method).
type answer string

func (a answer) Error() string { return string(a) }
func (answer) RedisError()     {}

// TestTopologyError: the failures that reload a Cluster's slot map are
// those without an answer from Redis and the answers of a cluster in
// change; Redis's other answers, a missing key, a caller that gave up
// and a closed client are not.
func TestTopologyError(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	for _, c := range []struct {
		name string
		err  error
		want bool
	}{
		{"none", nil, false},
		{"missing key", goredis.Nil, false},
		{"caller gave up", fmt.Errorf("load: %w", context.Canceled), false},
		{"closed client", goredis.ErrClosed, false},
		{"wrong type", answer("WRONGTYPE Operation against a key holding the wrong kind of value"), false},
		{"no script", answer("NOSCRIPT No matching script. Please use EVAL."), false},
		{"script error", answer("ERR user_script:1: bad"), false},
		{"connection refused", fmt.Errorf("load: %w", refused), true},
		{"connection reset", &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}, true},
		{"closed by the server", io.EOF, true},
		{"deadline", context.DeadlineExceeded, true},
		{"other failure", errors.New("redis: connection pool timeout"), true},
		{"cluster down", answer("CLUSTERDOWN The cluster is down"), true},
		{"try again", answer("TRYAGAIN Multiple keys request during rehashing of slot"), true},
		{"master down", answer("MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'."), true},
		{"read only", answer("READONLY You can't write against a read only replica."), true},
		{"loading", answer("LOADING Redis is loading the dataset in memory"), true},
		{"moved", answer("MOVED 3999 127.0.0.1:6381"), true},
		{"ask", answer("ASK 3999 127.0.0.1:6381"), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := topologyError(c.err); got != c.want {
				t.Errorf("topologyError(%v): got %v; want %v", c.err, got, c.want)
			}
		})
	}
}
