package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/ataxxbot/ataxxbot/bot/rating"
)

// ErrKeptTarget: Migrate kept what the target holds instead of the source's
// item: the target's is newer, or differs in a way no record says which
// is newer.
var ErrKeptTarget = errors.New("refused to overwrite the target")

// ErrVerify: what Migrate wrote did not read back from the target.
var ErrVerify = errors.New("verification failed")

// MigrateReport is what Migrate did, item by item in counts, and what it
// would not do, one line each.
type MigrateReport struct {
	Copied   map[ItemType]int // written to the target
	Same     map[ItemType]int // the target held it already
	Replaced map[ItemType]int // the target's older (or unreadable) copy replaced
	Refused  []string         // kept the target's: why, one line each
	Skipped  []string         // the source could not give them (damaged, unknown)
	Verified int              // items read back from the target and found equal
}

// Changed is how many items Migrate wrote.
func (r MigrateReport) Changed() int {
	n := 0
	for _, c := range r.Copied {
		n += c
	}
	for _, c := range r.Replaced {
		n += c
	}
	return n
}

// String is the report for an operator: counts, then every refusal and
// every item not copied.
func (r MigrateReport) String() string {
	var b strings.Builder
	line := func(name string, m map[ItemType]int) {
		if len(m) == 0 {
			return
		}
		types := make([]string, 0, len(m))
		for t := range m {
			types = append(types, string(t))
		}
		sort.Strings(types)
		parts := make([]string, len(types))
		for i, t := range types {
			parts[i] = fmt.Sprintf("%d %s", m[ItemType(t)], t)
		}
		fmt.Fprintf(&b, "%s: %s\n", name, strings.Join(parts, ", "))
	}
	line("copied", r.Copied)
	line("replaced (older in the target)", r.Replaced)
	line("already there", r.Same)
	if r.Changed() == 0 {
		b.WriteString("nothing to change: the target holds everything\n")
	}
	for _, s := range r.Refused {
		fmt.Fprintf(&b, "refused: %s\n", s)
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(&b, "not copied: %s\n", s)
	}
	fmt.Fprintf(&b, "verified: %d items read back from the target\n", r.Verified)
	return b.String()
}

// migrateWorkers is how many items Migrate writes at once: a networked
// target (Redis) is a round trip an item, so they overlap.
const migrateWorkers = 16

// Migrate copies everything from holds into to and reads it back. It
// writes only through to's own operations (compare-and-set saves at the
// version to itself reported, ArchiveGame, SaveRating, LinkIdentity,
// Post, RaiseCounter), so versions are never carried across and every
// index is built as the bot builds it. It never deletes from to.
//
// Where to holds an item already: the same item is left alone, so a
// second run changes nothing; an older one (a table whose Updated time
// is earlier, a tournament further behind, a rating with fewer games)
// or an unreadable one is replaced; anything else (a newer one, another
// game under the same id, an identity linked to another player, a record
// whose content says nothing of its age) is kept and listed in Refused.
// Mailboxes get the messages they lack; counters are raised to at least
// the source's, so no id is given twice.
//
// The error wraps ErrKeptTarget when anything was refused, ErrVerify when
// a copied item did not read back; the report is whole either way. Stop
// the bots on both stores first: a bolt file is locked by its bot, and a
// bot on the target must not play while its tables arrive.
func Migrate(ctx context.Context, from Dumper, to MigrateTarget) (MigrateReport, error) {
	r := MigrateReport{Copied: map[ItemType]int{}, Same: map[ItemType]int{}, Replaced: map[ItemType]int{}}
	before, err := takeSnapshot(ctx, to)
	if err != nil {
		return r, fmt.Errorf("reading the target: %w", err)
	}
	m := &migration{to: to, before: before, r: &r, refused: map[string]bool{}, ratedFromSource: map[string]bool{},
		mail: map[string][][]byte{}, work: make(chan Item)}
	if err := m.run(ctx, from); err != nil {
		return r, err
	}
	m.before = snapshot{} // let it go before the target is read again
	after, err := takeSnapshot(ctx, to)
	if err != nil {
		return r, fmt.Errorf("reading the target back: %w", err)
	}
	var bad []string
	mailSeen := map[string]map[string]int{}
	err = from.Dump(ctx, func(it Item) error {
		if it.Type == ItemSkipped || m.refused[itemID(it)] {
			return nil
		}
		if it.Type == ItemMail {
			seen := mailSeen[it.Key]
			if seen == nil {
				seen = map[string]int{}
				mailSeen[it.Key] = seen
			}
			seen[string(it.Data)]++
			if seen[string(it.Data)] > count(after.mail[it.Key], it.Data) {
				bad = append(bad, it.String())
				return nil
			}
			r.Verified++
			return nil
		}
		if !after.holds(it) {
			bad = append(bad, it.String())
			return nil
		}
		r.Verified++
		return nil
	})
	if err != nil {
		return r, fmt.Errorf("reading the source again to verify: %w", err)
	}
	var errs []error
	if len(bad) > 0 {
		if len(bad) > 20 {
			bad = append(bad[:20], fmt.Sprintf("and %d more", len(bad)-20))
		}
		errs = append(errs, fmt.Errorf("%w: not in the target as copied: %s", ErrVerify, strings.Join(bad, "; ")))
	}
	if len(r.Refused) > 0 {
		errs = append(errs, fmt.Errorf("%w: %d items (listed in the report)", ErrKeptTarget, len(r.Refused)))
	}
	return r, errors.Join(errs...)
}

// migration is one run of Migrate: the target as it was, and what was
// done.
type migration struct {
	to     MigrateTarget
	before snapshot
	work   chan Item

	mu              sync.Mutex
	r               *MigrateReport
	refused         map[string]bool // itemID: kept the target's
	ratedFromSource map[string]bool // kind\x00player whose rating was written
	ranks           []Item          // applied after the ratings
	mail            map[string][][]byte
	boxes           []string // in the order first seen
}

// run streams the source into the workers, then applies what depends on
// the rest: ranks after ratings, mailboxes whole.
func (m *migration) run(ctx context.Context, from Dumper) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	var once sync.Once
	var failed error
	fail := func(err error) {
		once.Do(func() { failed = err; cancel() })
	}
	for range migrateWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range m.work {
				if err := m.copy(ctx, it); err != nil {
					fail(fmt.Errorf("%s: %w", it, err))
				}
			}
		}()
	}
	err := from.Dump(ctx, func(it Item) error {
		switch it.Type {
		case ItemSkipped:
			m.note(func(r *MigrateReport) { r.Skipped = append(r.Skipped, it.String()) })
			return nil
		case ItemRank:
			m.mu.Lock()
			m.ranks = append(m.ranks, it)
			m.mu.Unlock()
			return nil
		case ItemMail:
			m.mu.Lock()
			if _, ok := m.mail[it.Key]; !ok {
				m.boxes = append(m.boxes, it.Key)
			}
			m.mail[it.Key] = append(m.mail[it.Key], it.Data)
			m.mu.Unlock()
			return nil
		}
		select {
		case m.work <- it:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
	close(m.work)
	wg.Wait()
	if failed != nil {
		return failed
	}
	if err != nil {
		return fmt.Errorf("reading the source: %w", err)
	}
	for _, it := range m.ranks {
		if err := m.copyRank(ctx, it); err != nil {
			return fmt.Errorf("%s: %w", it, err)
		}
	}
	for _, box := range m.boxes {
		if err := m.copyMail(ctx, box); err != nil {
			return fmt.Errorf("mailbox %s: %w", box, err)
		}
	}
	return nil
}

// note changes the report under the lock.
func (m *migration) note(f func(*MigrateReport)) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f(m.r)
}

func (m *migration) copied(t ItemType) { m.note(func(r *MigrateReport) { r.Copied[t]++ }) }
func (m *migration) same(t ItemType)   { m.note(func(r *MigrateReport) { r.Same[t]++ }) }
func (m *migration) replaced(t ItemType) {
	m.note(func(r *MigrateReport) { r.Replaced[t]++ })
}

// refuse keeps the target's item and says why.
func (m *migration) refuse(it Item, why string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.refused[itemID(it)] = true
	m.r.Refused = append(m.r.Refused, it.String()+": "+why)
}

// copy writes one item (not a rank or a message) unless the target holds
// it or something newer.
func (m *migration) copy(ctx context.Context, it Item) error {
	switch it.Type {
	case ItemRecord:
		return m.copyRecord(ctx, it)
	case ItemOwed:
		if m.before.owed[it.Key] {
			m.same(it.Type)
			return nil
		}
		if err := m.to.SetOwed(ctx, it.Key, true); err != nil {
			return err
		}
		m.copied(it.Type)
	case ItemGame:
		if it.Game == nil || it.Game.ID == "" {
			m.note(func(r *MigrateReport) { r.Skipped = append(r.Skipped, "a game without an id") })
			return nil
		}
		if old, ok := m.before.games[it.Game.ID]; ok {
			if sameGame(old, *it.Game) {
				m.same(it.Type)
			} else {
				m.refuse(it, "the target holds another game under this id")
			}
			return nil
		}
		if err := m.to.ArchiveGame(ctx, *it.Game); err != nil {
			return err
		}
		m.copied(it.Type)
	case ItemRating:
		return m.copyRating(ctx, it)
	case ItemLink:
		if p, ok := m.before.links[it.Key]; ok && p == it.Player {
			m.same(it.Type)
			return nil
		}
		err := m.to.LinkIdentity(ctx, it.Key, it.Player)
		if errors.Is(err, ErrConflict) {
			p, _ := m.to.PlayerOf(ctx, it.Key)
			m.refuse(it, fmt.Sprintf("linked to %s in the target, to %s in the source", p, it.Player))
			return nil
		}
		if err != nil {
			return err
		}
		m.copied(it.Type)
	case ItemCounter:
		if c, ok := m.before.counters[it.Key]; ok && c >= it.Count {
			m.same(it.Type)
			return nil
		}
		if err := m.to.RaiseCounter(ctx, it.Key, it.Count); err != nil {
			return err
		}
		m.copied(it.Type)
	default:
		m.note(func(r *MigrateReport) {
			r.Skipped = append(r.Skipped, fmt.Sprintf("%s: an item of a type this bot does not know", it))
		})
	}
	return nil
}

// versioned is one versioned thing of the target (a table's record, a
// rating) as copyVersioned needs it: what the thing is called in a
// refusal, its load and compare-and-set save, and which of two copies is
// the later.
type versioned struct {
	what    string // "record", "rating"
	changed string // why the target's copy is kept when it is the later
	load    func(ctx context.Context) ([]byte, uint64, error)
	save    func(ctx context.Context, version uint64) error
	newer   func(src, dst []byte) (newer, decided bool)
}

// copyRecord saves a record at the version the target reported for it.
func (m *migration) copyRecord(ctx context.Context, it Item) error {
	_, err := m.copyVersioned(ctx, it, versioned{
		what:    "record",
		changed: "the target's record is newer",
		load:    func(ctx context.Context) ([]byte, uint64, error) { return m.to.Load(ctx, it.Key) },
		save: func(ctx context.Context, version uint64) error {
			_, err := m.to.Save(ctx, it.Key, it.Data, version, recordDone(it.Key, it.Data))
			return err
		},
		newer: func(src, dst []byte) (bool, bool) { return recordNewer(it.Key, src, dst) },
	})
	return err
}

// copyRating saves a rating at the version the target reported for it.
func (m *migration) copyRating(ctx context.Context, it Item) error {
	wrote, err := m.copyVersioned(ctx, it, versioned{
		what:    "rating",
		changed: "the target's rating took in more games",
		load:    func(ctx context.Context) ([]byte, uint64, error) { return m.to.Rating(ctx, it.Kind, it.Player) },
		save: func(ctx context.Context, version uint64) error {
			_, err := m.to.SaveRating(ctx, it.Kind, it.Player, it.Data, version)
			return err
		},
		newer: ratingNewer,
	})
	if wrote {
		m.mu.Lock()
		m.ratedFromSource[it.Kind+"\x00"+it.Player] = true
		m.mu.Unlock()
	}
	return err
}

// copyVersioned writes it over the target's copy by compare-and-set at
// the version the target reported (none: a new one; a damaged one is
// replaced), unless the target's copy is the same or the later; wrote
// says it wrote.
func (m *migration) copyVersioned(ctx context.Context, it Item, v versioned) (wrote bool, err error) {
	data, version, err := v.load(ctx)
	fresh := false
	switch {
	case errors.Is(err, ErrNotFound):
		fresh, version = true, 0
	case errors.Is(err, ErrDamaged):
		// Save at the version load gave replaces exactly that damage.
	case err != nil:
		return false, err
	case bytes.Equal(data, it.Data):
		m.same(it.Type)
		return false, nil
	default:
		newer, decided := v.newer(it.Data, data)
		switch {
		case !decided:
			m.refuse(it, "the target's "+v.what+" differs, and neither says it is the later")
			return false, nil
		case !newer:
			m.refuse(it, v.changed)
			return false, nil
		}
	}
	err = v.save(ctx, version)
	if errors.Is(err, ErrConflict) {
		m.refuse(it, "the target's "+v.what+" changed while it was copied (is a bot running on it?)")
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if fresh {
		m.copied(it.Type)
	} else {
		m.replaced(it.Type)
	}
	return true, nil
}

// copyRank sets a leaderboard place that the target lacks, or that
// follows a rating this run wrote; another place in the target goes with
// the target's rating, and is kept.
func (m *migration) copyRank(ctx context.Context, it Item) error {
	key := it.Kind + "\x00" + it.Player
	old, ok := m.before.ranks[key]
	switch {
	case ok && old == it.Score:
		m.same(it.Type)
		return nil
	case ok && !m.ratedFromSource[key]:
		m.refuse(it, fmt.Sprintf("the target ranks the player at %g, from its own rating", old))
		return nil
	}
	if err := m.to.SetRank(ctx, it.Kind, it.Player, it.Score); err != nil {
		return err
	}
	if ok {
		m.replaced(it.Type)
	} else {
		m.copied(it.Type)
	}
	return nil
}

// copyMail posts the messages of box that the target's box lacks (by
// content, counting repeats), in the source's order.
func (m *migration) copyMail(ctx context.Context, box string) error {
	have := map[string]int{}
	for _, msg := range m.before.mail[box] {
		have[string(msg)]++
	}
	for _, msg := range m.mail[box] {
		if have[string(msg)] > 0 {
			have[string(msg)]--
			m.same(ItemMail)
			continue
		}
		if err := m.to.Post(ctx, box, msg); err != nil {
			return err
		}
		m.copied(ItemMail)
	}
	return nil
}

// itemID names an item's place: two items with one id are versions of
// one thing.
func itemID(it Item) string {
	switch it.Type {
	case ItemGame:
		if it.Game != nil {
			return "game\x00" + it.Game.ID
		}
	case ItemRating, ItemRank:
		return string(it.Type) + "\x00" + it.Kind + "\x00" + it.Player
	}
	return string(it.Type) + "\x00" + it.Key
}

// snapshot is a store's content, indexed to answer "does it hold this".
type snapshot struct {
	records  map[string][]byte
	owed     map[string]bool
	games    map[string]ArchivedGame
	ratings  map[string][]byte
	ranks    map[string]float64
	links    map[string]string
	mail     map[string][][]byte
	counters map[string]uint64
}

// takeSnapshot dumps d into a snapshot.
func takeSnapshot(ctx context.Context, d Dumper) (snapshot, error) {
	s := snapshot{records: map[string][]byte{}, owed: map[string]bool{}, games: map[string]ArchivedGame{},
		ratings: map[string][]byte{}, ranks: map[string]float64{}, links: map[string]string{},
		mail: map[string][][]byte{}, counters: map[string]uint64{}}
	err := d.Dump(ctx, func(it Item) error {
		switch it.Type {
		case ItemRecord:
			s.records[it.Key] = it.Data
		case ItemOwed:
			s.owed[it.Key] = true
		case ItemGame:
			if it.Game != nil {
				s.games[it.Game.ID] = *it.Game
			}
		case ItemRating:
			s.ratings[it.Kind+"\x00"+it.Player] = it.Data
		case ItemRank:
			s.ranks[it.Kind+"\x00"+it.Player] = it.Score
		case ItemLink:
			s.links[it.Key] = it.Player
		case ItemMail:
			s.mail[it.Key] = append(s.mail[it.Key], it.Data)
		case ItemCounter:
			s.counters[it.Key] = it.Count
		}
		return nil
	})
	return s, err
}

// holds reports whether the snapshot has it as it is (a counter at least
// as high).
func (s snapshot) holds(it Item) bool {
	switch it.Type {
	case ItemRecord:
		d, ok := s.records[it.Key]
		return ok && bytes.Equal(d, it.Data)
	case ItemOwed:
		return s.owed[it.Key]
	case ItemGame:
		g, ok := s.games[it.Game.ID]
		return ok && sameGame(g, *it.Game)
	case ItemRating:
		d, ok := s.ratings[it.Kind+"\x00"+it.Player]
		return ok && bytes.Equal(d, it.Data)
	case ItemRank:
		sc, ok := s.ranks[it.Kind+"\x00"+it.Player]
		return ok && sc == it.Score
	case ItemLink:
		return s.links[it.Key] == it.Player
	case ItemCounter:
		return s.counters[it.Key] >= it.Count
	}
	return true
}

// count is how many of msgs are msg.
func count(msgs [][]byte, msg []byte) int {
	return len(slices.DeleteFunc(slices.Clone(msgs), func(x []byte) bool { return !bytes.Equal(x, msg) }))
}

// decodeTournament reads a stored tournament.
func decodeTournament(data []byte) (*tournament, error) {
	tr := &tournament{}
	if err := json.Unmarshal(data, tr); err != nil {
		return nil, err
	}
	return tr, nil
}

// decodeRating reads a stored rating record: the rating its fields begin
// with (a record may hold more, which migration does not read).
func decodeRating(data []byte) (rating.Rating, error) {
	var rt rating.Rating
	err := json.Unmarshal(data, &rt)
	return rt, err
}

// jsonOf is v as JSON.
func jsonOf(v any) ([]byte, error) { return json.Marshal(v) }
