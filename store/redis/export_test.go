package redis

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
