package bot

import (
	"context"
	"fmt"
	"strings"
)

// Where says where a command may be said.
type Where uint8

const (
	Anywhere  Where = iota // in a channel or privately
	InChannel              // in a channel only
	InPrivate              // in a private message only (it carries a secret)
)

// Who says who may say a command.
type Who uint8

const (
	Anyone Who = iota
	Admins     // the configured admins only
)

// HostCommand is one entry of the command table: a command of the host
// (the core's, or a feature's), the same for every kind. Exactly one of
// AtTable and Alone runs it.
type HostCommand struct {
	CommandSpec       // its names, usage and help text
	Where       Where // where it may be said
	Who         Who   // who may say it
	// AtTable runs the command inside the transaction of the table it is
	// said at (loaded, then saved with compare-and-set when it changed).
	AtTable func(t *Tx, c *Call) error
	// Alone answers a command that is about no table (an archived game,
	// a competition): what it says goes where it was said, a long listing
	// to the asker.
	Alone func(ctx context.Context, c *Call) ([]Reply, error)
	// Yields: at a kind's table named before the verb ("!KIND VERB"), a
	// command of the kind with this name wins over this one; a kind may
	// declare a command of this name. Otherwise the name is reserved.
	Yields bool
	// Opens: it opens a game (start, new): it replaces a record that
	// cannot be read, and said with another kind's name it makes the
	// table that kind's.
	Opens bool
	// Replaces: Opens, and it may also replace a damaged record.
	Replaces bool
	// AnyGame: it runs whatever the table holds (help): a damaged
	// record, or another kind's game.
	AnyGame bool
}

// Call is one command as said: its verb (lower case, as typed), its
// words, the kind named before the verb, and who said it.
type Call struct {
	Message
	Verb string
	Args []string
	Kind string // a kind named before the verb, lower case; "" for none
	sp   speaker
}

// Admin reports whether the speaker is one of the configured admins.
func (c *Call) Admin() bool { return c.sp.admin }

// Seats are the seats the speaker holds at the table, in order.
func (c *Call) Seats() []int { return c.sp.seats }

// Tx is one attempt at a command at a table: its loaded record and game.
type Tx = tx

// commandTable is the host's commands, in the order registered, and its
// index by every name (lower case).
type commandTable struct {
	list   []HostCommand
	byName map[string]int
}

// lookup finds the command named verb (lower case).
func (ct *commandTable) lookup(verb string) (*HostCommand, bool) {
	i, ok := ct.byName[verb]
	if !ok {
		return nil, false
	}
	return &ct.list[i], true
}

// Register adds commands to the host's table. A name given twice, or
// reserved against a hosted kind's command or name, is refused. Call it
// before the first Handle.
func (b *Bot) Register(cs ...HostCommand) error {
	for _, c := range cs {
		if (c.AtTable == nil) == (c.Alone == nil) {
			return fmt.Errorf("%w: command %q needs exactly one of AtTable and Alone", ErrBadCommand, c.Name)
		}
		for _, n := range c.Names() {
			n = strings.ToLower(n)
			if _, dup := b.commands.byName[n]; dup {
				return fmt.Errorf("%w: command %q registered twice", ErrBadCommand, n)
			}
			if _, kind := b.kinds[n]; kind {
				return fmt.Errorf("%w: command %q is named like a game", ErrBadCommand, n)
			}
			if !c.Yields {
				for _, s := range b.specs {
					if _, own := s.Command(n); own {
						return fmt.Errorf("%w: command %q is %s's", ErrBadCommand, n, s.Name)
					}
				}
			}
		}
	}
	for _, c := range cs {
		b.commands.list = append(b.commands.list, c)
		for _, n := range c.Names() {
			b.commands.byName[strings.ToLower(n)] = len(b.commands.list) - 1
		}
	}
	return nil
}

// HostCommands declares the host's commands, the same for every kind, in
// the order registered.
func (b *Bot) HostCommands() []CommandSpec {
	out := make([]CommandSpec, 0, len(b.commands.list))
	for _, c := range b.commands.list {
		out = append(out, c.CommandSpec)
	}
	return out
}

// permitted refuses a command said where or by whom it may not be.
func (c *HostCommand) permitted(call *Call, admin bool) error {
	switch {
	case c.Where == InChannel && call.Private:
		return fmt.Errorf("%w: %s is said in a channel", ErrBadCommand, c.Name)
	case c.Where == InPrivate && !call.Private:
		return fmt.Errorf("%w: %s is secret: say it privately, in a private message to the bot (like /msg), not in the channel",
			ErrBadCommand, c.Name)
	case c.Who == Admins && !admin:
		return fmt.Errorf("%w: only an admin may say %s", ErrBadCommand, c.Name)
	}
	return nil
}
