package prove

// ShortestWin returns the length in plies of the shortest win the player
// other than loser can force from g's start, searching up to maxPlies (the
// second result is false when there is none that short). It deepens a
// depth-limited AND/OR search one ply at a time, remembering for each state
// the deepest bound at which it failed and the shallowest at which it won.
// Cycles need no care: a bounded search cannot go round forever. A win
// certificate's Plies gives an upper bound to start from.
func ShortestWin(g Game, loser int, maxPlies int) (int, bool) {
	failed := map[State]int{} // no win within this many plies
	won := map[State]int{}    // a win within this many plies
	var within func(s State, d int) bool
	within = func(s State, d int) bool {
		if over, v := g.Terminal(s); over {
			me := g.Mover(s) == loser
			return (me && v == Loss) || (!me && v == Win)
		}
		if d == 0 {
			return false
		}
		if w, ok := won[s]; ok && w <= d {
			return true
		}
		if f, ok := failed[s]; ok && f >= d {
			return false
		}
		moves := canonicalMoves(g, s, nil)
		res := false
		if g.Mover(s) == loser {
			res = true // no move at all loses
			for _, m := range moves {
				if !within(m, d-1) {
					res = false
					break
				}
			}
		} else {
			for _, m := range moves {
				if within(m, d-1) {
					res = true
					break
				}
			}
		}
		if res {
			won[s] = d
		} else {
			failed[s] = max(failed[s], d)
		}
		return res
	}
	start := g.Canonical(g.Start())
	for d := 0; d <= maxPlies; d++ {
		if within(start, d) {
			return d, true
		}
	}
	return 0, false
}
