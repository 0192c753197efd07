package redis

import (
	"context"
	"fmt"

	goredis "github.com/redis/go-redis/v9"
)

func (s *Store) boxKey(box string) string { return s.prefix + ":mail:{" + box + "}" }

// Post appends msg to the mailbox box: replies one process makes for a
// table another process serves.
func (s *Store) Post(ctx context.Context, box string, msg []byte) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if err := s.client.RPush(ctx, s.boxKey(box), msg).Err(); err != nil {
		return fmt.Errorf("redis store: post to %q: %w", box, err)
	}
	return nil
}

// takeScript pops up to ARGV[1] messages from the head of a list at once.
var takeScript = goredis.NewScript(`
local msgs = redis.call('LRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)
if #msgs > 0 then redis.call('LTRIM', KEYS[1], #msgs, -1) end
return msgs
`)

// Take removes and returns up to n of box's oldest messages, in order.
func (s *Store) Take(ctx context.Context, box string, n int) ([][]byte, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	vals, err := takeScript.Run(ctx, s.client, []string{s.boxKey(box)}, n).StringSlice()
	if err != nil && err != goredis.Nil {
		return nil, fmt.Errorf("redis store: take from %q: %w", box, err)
	}
	out := make([][]byte, len(vals))
	for i, v := range vals {
		out[i] = []byte(v)
	}
	return out, nil
}
