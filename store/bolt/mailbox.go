package bolt

import (
	"context"
	"encoding/binary"
	"fmt"

	bbolt "go.etcd.io/bbolt"
)

// mailBucket holds a bucket per mailbox, its messages under increasing
// sequence numbers.
const mailBucket = "mail"

// Post appends msg to the mailbox box.
func (s *Store) Post(ctx context.Context, box string, msg []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := s.db.Update(func(tx *bbolt.Tx) error {
		root, err := tx.CreateBucketIfNotExists([]byte(mailBucket))
		if err != nil {
			return err
		}
		b, err := root.CreateBucketIfNotExists([]byte(box))
		if err != nil {
			return err
		}
		seq, err := b.NextSequence()
		if err != nil {
			return err
		}
		var key [8]byte
		binary.BigEndian.PutUint64(key[:], seq)
		return b.Put(key[:], msg)
	})
	if err != nil {
		return fmt.Errorf("bolt store: post to %q: %w", box, err)
	}
	return nil
}

// Take removes and returns up to n of box's oldest messages, in order.
func (s *Store) Take(ctx context.Context, box string, n int) ([][]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out [][]byte
	err := s.db.Update(func(tx *bbolt.Tx) error {
		root := tx.Bucket([]byte(mailBucket))
		if root == nil {
			return nil
		}
		b := root.Bucket([]byte(box))
		if b == nil {
			return nil
		}
		var keys [][]byte
		c := b.Cursor()
		for k, v := c.First(); k != nil && len(out) < n; k, v = c.Next() {
			out = append(out, append([]byte(nil), v...))
			keys = append(keys, append([]byte(nil), k...))
		}
		for _, k := range keys {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("bolt store: take from %q: %w", box, err)
	}
	return out, nil
}
