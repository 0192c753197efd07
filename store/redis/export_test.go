package redis

import "context"

// The archive's keys, for the key-layout tests.

func (s *Store) ArchiveKey(id string) string          { return s.archiveKey(id) }
func (s *Store) HistoryKey(user, kind string) string  { return s.historyKey(user, kind) }
func (s *Store) RatingKey(kind, player string) string { return s.ratingKey(kind, player) }
func (s *Store) TopKey(kind string) string            { return s.topKey(kind) }
func (s *Store) LinkCodeKey(code string) string       { return s.linkCodeKey(code) }
func (s *Store) LinkKey(identity string) string       { return s.linkKey(identity) }
func (s *Store) LinkedKey(player string) string       { return s.linkedKey(player) }

// ReloadQuiet is how often a Cluster client's slot map is reloaded when
// no call fails.
const ReloadQuiet = reloadQuiet

// SendSaveTwice runs the compare-and-set of one save twice with the same
// arguments, as a client's resend after a lost answer does, and returns
// each run's answer (1 saved, -1 conflict) and the version the save
// writes.
func (s *Store) SendSaveTwice(ctx context.Context, key string, data []byte, version uint64) (first, again int64, next uint64, err error) {
	argv, next := casArgs(data, version, 0)
	if first, err = casScript.Run(ctx, s.client, []string{s.Key(key)}, argv...).Int64(); err != nil {
		return 0, 0, 0, err
	}
	again, err = casScript.Run(ctx, s.client, []string{s.Key(key)}, argv...).Int64()
	return first, again, next, err
}
