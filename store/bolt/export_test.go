package bolt

import bbolt "go.etcd.io/bbolt"

// Games runs fn on the games bucket in a write transaction, for tests
// that write what the store never would.
func Games(s *Store, fn func(b *bbolt.Bucket) error) error {
	return s.db.Update(func(tx *bbolt.Tx) error { return fn(tx.Bucket([]byte(bucketName))) })
}

// Bucket runs fn on the bucket name in a write transaction.
func Bucket(s *Store, name string, fn func(b *bbolt.Bucket) error) error {
	return s.db.Update(func(tx *bbolt.Tx) error { return fn(tx.Bucket([]byte(name))) })
}

// Update runs fn in a write transaction.
func Update(s *Store, fn func(tx *bbolt.Tx) error) error { return s.db.Update(fn) }
