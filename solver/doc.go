// Package solver holds the placement search, board evaluation, lookahead and
// the bot that plays through the engine's inputs.
//
// The placement search (Generate) finds every position a piece can lock in
// from spawn under the engine's rules, with the shortest input path to each;
// it works on bitboards (a column of piece positions per machine word), and a
// plain cell-by-cell search checks it in the tests. The package knows engine
// and nothing above it.
package solver
