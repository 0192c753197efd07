package memory

import "context"

// Post appends msg to the mailbox box.
func (s *Store) Post(ctx context.Context, box string, msg []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.boxes == nil {
		s.boxes = map[string][][]byte{}
	}
	s.boxes[box] = append(s.boxes[box], append([]byte(nil), msg...))
	return nil
}

// Take removes and returns up to n of box's oldest messages, in order.
func (s *Store) Take(ctx context.Context, box string, n int) ([][]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	msgs := s.boxes[box]
	n = min(n, len(msgs))
	out := msgs[:n:n]
	if n == len(msgs) {
		delete(s.boxes, box)
	} else {
		s.boxes[box] = msgs[n:]
	}
	return out, nil
}
