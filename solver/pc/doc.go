// Package pc answers perfect-clear questions the way knewjade's
// solution-finder does, so that the two can be compared: the success rate
// of a field over every sequence a pattern makes (percent), the distinct
// solutions (path) and the offline problem with a known queue (solve).
//
// The rules are solution-finder's defaults: a 10-wide field whose lowest
// Lines rows must all clear, SRS quarter turns with kicks, soft drop
// (tucks and spins), hold. A piece may be placed where every cell lies in
// the rows still to clear and it rests on the floor or a block, if the
// movegen of package solver reaches it from above the field. Rows clear as
// they fill, and the rows above fall.
//
// Pieces come from solution-finder's pattern language (see ParsePattern).
// Moves come from solver's movegen; this package adds the search over
// fields, which is keyed by a bitboard of the at most 6 x 10 region.
package pc
