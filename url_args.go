package main

import "net/url"

// urlFlags are the query parameters of the browser page that become flags
// of the game, so that a link like ?mode=bot&seed=7 starts the same game as
// `kocka --mode bot --seed 7`. Other parameters are the page's own (touch,
// replay) or a stranger's (tracking tags) and are left out, so that they
// can never stop the game from starting.
var urlFlags = []string{"mode", "seed", "personality", "thrower"}

// argsFromQuery turns a URL query ("?mode=bot&seed=7") into flags, in the
// order of urlFlags; a parameter given twice counts once, the first time.
func argsFromQuery(query string) []string {
	if len(query) > 0 && query[0] == '?' {
		query = query[1:]
	}
	q, err := url.ParseQuery(query)
	if err != nil && len(q) == 0 {
		return nil
	}
	var args []string
	for _, name := range urlFlags {
		if v, ok := q[name]; ok && len(v) > 0 {
			args = append(args, "--"+name+"="+v[0])
		}
	}
	return args
}
