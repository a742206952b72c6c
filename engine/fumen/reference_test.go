// Code generated from tetris-fumen 1.1.3 output; see fumen_test.go for how. DO NOT EDIT.

package fumen_test

// reference holds fumen strings written by knewjade's tetris-fumen (npm
// package tetris-fumen 1.1.3, encoder.encode) and what its decoder reads
// back from each page: the field (rows top first from the highest
// non-empty one, then the garbage row after a line of dashes when it is
// not empty), the piece (kind, rotation, centre x and y as tetris-fumen
// gives them) with the squares Mino.positions() lists, the comment and
// the flags.
var reference = []refCase{
	{
		name:  "empty",
		fumen: "v115@vhAAgH",
		pages: []refPage{
			{
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "midgame",
		fumen: "v115@fgwwIexwFeQpAewwBtBeglAeRpAewhg0BtAeglR4Rp?whi0AehlR4A8whH8AewhC8AeM8AeA8AgH",
		pages: []refPage{
			{
				field: []string{
					"T.........",
					"TT......O.",
					"TZZ..L.OO.",
					"IJZZ.LSSOO",
					"IJJJ.LLSSX",
					"IXXXXXXXX.",
					"IXXX.XXXXX",
					"----------",
					"XXXXXXXX.X",
				},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "I-spawn-low",
		fumen: "v115@vhAxOn",
		pages: []refPage{
			{
				piece: "I 0 1 0",
				cells: [][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "I-spawn-high",
		fumen: "v115@vhAxjH",
		pages: []refPage{
			{
				piece: "I 0 7 22",
				cells: [][2]int{{6, 22}, {7, 22}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "I-right-low",
		fumen: "v115@vhAJEn",
		pages: []refPage{
			{
				piece: "I R 0 2",
				cells: [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 3}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "I-right-high",
		fumen: "v115@vhAppH",
		pages: []refPage{
			{
				piece: "I R 9 21",
				cells: [][2]int{{9, 19}, {9, 20}, {9, 21}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "I-reverse-low",
		fumen: "v115@vhAhOn",
		pages: []refPage{
			{
				piece: "I 2 2 0",
				cells: [][2]int{{0, 0}, {1, 0}, {2, 0}, {3, 0}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "I-reverse-high",
		fumen: "v115@vhAhjH",
		pages: []refPage{
			{
				piece: "I 2 8 22",
				cells: [][2]int{{6, 22}, {7, 22}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "I-left-low",
		fumen: "v115@vhAZEn",
		pages: []refPage{
			{
				piece: "I L 0 1",
				cells: [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 3}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "I-left-high",
		fumen: "v115@vhA5pH",
		pages: []refPage{
			{
				piece: "I L 9 20",
				cells: [][2]int{{9, 19}, {9, 20}, {9, 21}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "O-spawn-low",
		fumen: "v115@vhATJn",
		pages: []refPage{
			{
				piece: "O 0 0 0",
				cells: [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "O-spawn-high",
		fumen: "v115@vhATkH",
		pages: []refPage{
			{
				piece: "O 0 8 21",
				cells: [][2]int{{8, 21}, {9, 21}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "O-right-low",
		fumen: "v115@vhALJn",
		pages: []refPage{
			{
				piece: "O R 0 1",
				cells: [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "O-right-high",
		fumen: "v115@vhALkH",
		pages: []refPage{
			{
				piece: "O R 8 22",
				cells: [][2]int{{8, 21}, {9, 21}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "O-reverse-low",
		fumen: "v115@vhADJn",
		pages: []refPage{
			{
				piece: "O 2 1 1",
				cells: [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "O-reverse-high",
		fumen: "v115@vhADkH",
		pages: []refPage{
			{
				piece: "O 2 9 22",
				cells: [][2]int{{8, 21}, {9, 21}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "O-left-low",
		fumen: "v115@vhAbJn",
		pages: []refPage{
			{
				piece: "O L 1 0",
				cells: [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "O-left-high",
		fumen: "v115@vhAbkH",
		pages: []refPage{
			{
				piece: "O L 9 21",
				cells: [][2]int{{8, 21}, {9, 21}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "T-spawn-low",
		fumen: "v115@vhA1On",
		pages: []refPage{
			{
				piece: "T 0 1 0",
				cells: [][2]int{{0, 0}, {1, 0}, {2, 0}, {1, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "T-spawn-high",
		fumen: "v115@vhAVpH",
		pages: []refPage{
			{
				piece: "T 0 8 21",
				cells: [][2]int{{7, 21}, {8, 21}, {9, 21}, {8, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "T-right-low",
		fumen: "v115@vhANJn",
		pages: []refPage{
			{
				piece: "T R 0 1",
				cells: [][2]int{{0, 0}, {0, 1}, {1, 1}, {0, 2}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "T-right-high",
		fumen: "v115@vhANpH",
		pages: []refPage{
			{
				piece: "T R 8 21",
				cells: [][2]int{{8, 20}, {8, 21}, {9, 21}, {8, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "T-reverse-low",
		fumen: "v115@vhAlJn",
		pages: []refPage{
			{
				piece: "T 2 1 1",
				cells: [][2]int{{1, 0}, {0, 1}, {1, 1}, {2, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "T-reverse-high",
		fumen: "v115@vhAFkH",
		pages: []refPage{
			{
				piece: "T 2 8 22",
				cells: [][2]int{{8, 21}, {7, 22}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "T-left-low",
		fumen: "v115@vhA9Jn",
		pages: []refPage{
			{
				piece: "T L 1 1",
				cells: [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, 2}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "T-left-high",
		fumen: "v115@vhA9pH",
		pages: []refPage{
			{
				piece: "T L 9 21",
				cells: [][2]int{{9, 20}, {8, 21}, {9, 21}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "S-spawn-low",
		fumen: "v115@vhA3Jn",
		pages: []refPage{
			{
				piece: "S 0 1 0",
				cells: [][2]int{{0, 0}, {1, 0}, {1, 1}, {2, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "S-spawn-high",
		fumen: "v115@vhAXkH",
		pages: []refPage{
			{
				piece: "S 0 8 21",
				cells: [][2]int{{7, 21}, {8, 21}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "S-right-low",
		fumen: "v115@vhAvJn",
		pages: []refPage{
			{
				piece: "S R 0 1",
				cells: [][2]int{{1, 0}, {0, 1}, {1, 1}, {0, 2}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "S-right-high",
		fumen: "v115@vhAvpH",
		pages: []refPage{
			{
				piece: "S R 8 21",
				cells: [][2]int{{9, 20}, {8, 21}, {9, 21}, {8, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "S-reverse-low",
		fumen: "v115@vhAnJn",
		pages: []refPage{
			{
				piece: "S 2 1 1",
				cells: [][2]int{{0, 0}, {1, 0}, {1, 1}, {2, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "S-reverse-high",
		fumen: "v115@vhAHkH",
		pages: []refPage{
			{
				piece: "S 2 8 22",
				cells: [][2]int{{7, 21}, {8, 21}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "S-left-low",
		fumen: "v115@vhA/Jn",
		pages: []refPage{
			{
				piece: "S L 1 1",
				cells: [][2]int{{1, 0}, {0, 1}, {1, 1}, {0, 2}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "S-left-high",
		fumen: "v115@vhA/pH",
		pages: []refPage{
			{
				piece: "S L 9 21",
				cells: [][2]int{{9, 20}, {8, 21}, {9, 21}, {8, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "Z-spawn-low",
		fumen: "v115@vhA0Jn",
		pages: []refPage{
			{
				piece: "Z 0 1 0",
				cells: [][2]int{{1, 0}, {2, 0}, {0, 1}, {1, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "Z-spawn-high",
		fumen: "v115@vhAUkH",
		pages: []refPage{
			{
				piece: "Z 0 8 21",
				cells: [][2]int{{8, 21}, {9, 21}, {7, 22}, {8, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "Z-right-low",
		fumen: "v115@vhAMJn",
		pages: []refPage{
			{
				piece: "Z R 0 1",
				cells: [][2]int{{0, 0}, {0, 1}, {1, 1}, {1, 2}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "Z-right-high",
		fumen: "v115@vhAMpH",
		pages: []refPage{
			{
				piece: "Z R 8 21",
				cells: [][2]int{{8, 20}, {8, 21}, {9, 21}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "Z-reverse-low",
		fumen: "v115@vhAkJn",
		pages: []refPage{
			{
				piece: "Z 2 1 1",
				cells: [][2]int{{1, 0}, {2, 0}, {0, 1}, {1, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "Z-reverse-high",
		fumen: "v115@vhAEkH",
		pages: []refPage{
			{
				piece: "Z 2 8 22",
				cells: [][2]int{{8, 21}, {9, 21}, {7, 22}, {8, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "Z-left-low",
		fumen: "v115@vhAcJn",
		pages: []refPage{
			{
				piece: "Z L 1 1",
				cells: [][2]int{{0, 0}, {0, 1}, {1, 1}, {1, 2}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "Z-left-high",
		fumen: "v115@vhAcpH",
		pages: []refPage{
			{
				piece: "Z L 9 21",
				cells: [][2]int{{8, 20}, {8, 21}, {9, 21}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "J-spawn-low",
		fumen: "v115@vhA2On",
		pages: []refPage{
			{
				piece: "J 0 1 0",
				cells: [][2]int{{0, 0}, {1, 0}, {2, 0}, {0, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "J-spawn-high",
		fumen: "v115@vhAWpH",
		pages: []refPage{
			{
				piece: "J 0 8 21",
				cells: [][2]int{{7, 21}, {8, 21}, {9, 21}, {7, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "J-right-low",
		fumen: "v115@vhAOJn",
		pages: []refPage{
			{
				piece: "J R 0 1",
				cells: [][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 2}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "J-right-high",
		fumen: "v115@vhAOpH",
		pages: []refPage{
			{
				piece: "J R 8 21",
				cells: [][2]int{{8, 20}, {8, 21}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "J-reverse-low",
		fumen: "v115@vhAmJn",
		pages: []refPage{
			{
				piece: "J 2 1 1",
				cells: [][2]int{{2, 0}, {0, 1}, {1, 1}, {2, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "J-reverse-high",
		fumen: "v115@vhAGkH",
		pages: []refPage{
			{
				piece: "J 2 8 22",
				cells: [][2]int{{9, 21}, {7, 22}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "J-left-low",
		fumen: "v115@vhA+Jn",
		pages: []refPage{
			{
				piece: "J L 1 1",
				cells: [][2]int{{0, 0}, {1, 0}, {1, 1}, {1, 2}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "J-left-high",
		fumen: "v115@vhA+pH",
		pages: []refPage{
			{
				piece: "J L 9 21",
				cells: [][2]int{{8, 20}, {9, 20}, {9, 21}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "L-spawn-low",
		fumen: "v115@vhAyOn",
		pages: []refPage{
			{
				piece: "L 0 1 0",
				cells: [][2]int{{0, 0}, {1, 0}, {2, 0}, {2, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "L-spawn-high",
		fumen: "v115@vhASpH",
		pages: []refPage{
			{
				piece: "L 0 8 21",
				cells: [][2]int{{7, 21}, {8, 21}, {9, 21}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "L-right-low",
		fumen: "v115@vhAKJn",
		pages: []refPage{
			{
				piece: "L R 0 1",
				cells: [][2]int{{0, 0}, {1, 0}, {0, 1}, {0, 2}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "L-right-high",
		fumen: "v115@vhAKpH",
		pages: []refPage{
			{
				piece: "L R 8 21",
				cells: [][2]int{{8, 20}, {9, 20}, {8, 21}, {8, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "L-reverse-low",
		fumen: "v115@vhAiJn",
		pages: []refPage{
			{
				piece: "L 2 1 1",
				cells: [][2]int{{0, 0}, {0, 1}, {1, 1}, {2, 1}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "L-reverse-high",
		fumen: "v115@vhACkH",
		pages: []refPage{
			{
				piece: "L 2 8 22",
				cells: [][2]int{{7, 21}, {7, 22}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "L-left-low",
		fumen: "v115@vhA6Jn",
		pages: []refPage{
			{
				piece: "L L 1 1",
				cells: [][2]int{{1, 0}, {1, 1}, {0, 2}, {1, 2}},
				flags: "colorize",
			},
		},
	},
	{
		name:  "L-left-high",
		fumen: "v115@vhA6pH",
		pages: []refPage{
			{
				piece: "L L 9 21",
				cells: [][2]int{{9, 20}, {9, 21}, {8, 22}, {9, 22}},
				flags: "lock colorize",
			},
		},
	},
	{
		name:  "game",
		fumen: "v115@zgxwBeRpDeBthlRpR4wwAeg0BtglRpR4wwAei0glzh?wwAeI8Ke5IYiAPJtJEFMVABBoo2ARYcRAyv78Awn4KBFbcE?EPMVTAT5AAAvhDNtB0mQFBlvs2AjxDfETIPSBlvs2AFCEfE?T4kVBFbcRAVyn9B1XPNBXLHSAV1iVBFoo2AlfSOBxs78AwX?f8B4cJSAVHU3AQAAAATpQAAmqQfBlyLSAWo78ARA88AznIE?BFrnRA1H88AWf78A4nAVBfhVRATG0NBC4T6Bl/ESAVG0NBD?Y32BlsCSATD88AynQOBlMHSAzH88AjlTABGn78AQOEhDFo4?zDFMdCA",
		pages: []refPage{
			{
				field: []string{
					"TT..OO....",
					"ZZLLOOSST.",
					"JZZLOOSST.",
					"JJJLIIIIT.",
					"XXXXXXXXX.",
				},
				piece:   "I L 9 1",
				cells:   [][2]int{{9, 0}, {9, 1}, {9, 2}, {9, 3}},
				comment: "opener: 100% & more?",
				flags:   "lock colorize",
			},
			{
				field: []string{
					"TT..OO....",
				},
				piece:   "T R 8 1",
				cells:   [][2]int{{8, 0}, {8, 1}, {9, 1}, {8, 2}},
				comment: "opener: 100% & more?",
				flags:   "lock",
			},
			{
				field: []string{
					"........T.",
					"........TT",
					"TT..OO..T.",
				},
				piece:   "Z 0 5 1",
				cells:   [][2]int{{5, 1}, {6, 1}, {4, 2}, {5, 2}},
				comment: "テトリス 日本語 ✓ 😀",
				flags:   "lock",
			},
			{
				field: []string{
					"....ZZ..T.",
					".....ZZ.TT",
					"TT..OO..T.",
				},
				piece: "O 0 0 0",
				cells: [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}},
				flags: "lock",
			},
			{
				field: []string{
					"....ZZ..T.",
					"OO...ZZ.TT",
					"OO..OO..T.",
				},
				piece:   "J 2 3 1",
				cells:   [][2]int{{4, 0}, {2, 1}, {3, 1}, {4, 1}},
				comment: "~`!@#$%^&*()_+-={}[]|\\:;\"'<>,.?/ tab\there",
				flags:   "lock",
			},
		},
	},
	{
		name:  "repeat",
		fumen: "v115@bhI8KeR3mvh/LXfFXffXfUSfAAeCXfZSfTSfNXfAAe?8WfWXfKXfhWfAAeVXfvXfEXfeXfAAeJXfjWfdXfXSfAAeGX?faXfRXfLXfAAefXfUSfOXfCXfAAtKAoi8uDFbMmEhGCAATS?fNXfHXf8WfAAeKXfhWf7RfVXfAAeEXfeXfSXfJXfAAedXfX?SfMXfGXfAAeRXfLXfFXffXfAAeOXfCXfZSfTSfvhEAAeHXf?8WfWXfKXf",
		pages: []refPage{
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "I 0 4 5",
				cells: [][2]int{{3, 5}, {4, 5}, {5, 5}, {6, 5}},
				flags: "colorize",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "O R 4 5",
				cells: [][2]int{{4, 4}, {5, 4}, {4, 5}, {5, 5}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "T 2 4 5",
				cells: [][2]int{{4, 4}, {3, 5}, {4, 5}, {5, 5}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "S L 4 5",
				cells: [][2]int{{4, 4}, {3, 5}, {4, 5}, {3, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "Z 0 4 5",
				cells: [][2]int{{4, 5}, {5, 5}, {3, 6}, {4, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "L 2 4 5",
				cells: [][2]int{{3, 4}, {3, 5}, {4, 5}, {5, 5}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "I L 4 5",
				cells: [][2]int{{4, 4}, {4, 5}, {4, 6}, {4, 7}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "O 0 4 5",
				cells: [][2]int{{4, 5}, {5, 5}, {4, 6}, {5, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "T R 4 5",
				cells: [][2]int{{4, 4}, {4, 5}, {5, 5}, {4, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "Z L 4 5",
				cells: [][2]int{{3, 4}, {3, 5}, {4, 5}, {4, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "J 0 4 5",
				cells: [][2]int{{3, 5}, {4, 5}, {5, 5}, {3, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "L R 4 5",
				cells: [][2]int{{4, 4}, {5, 4}, {4, 5}, {4, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "I 2 4 5",
				cells: [][2]int{{2, 5}, {3, 5}, {4, 5}, {5, 5}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "T 0 4 5",
				cells: [][2]int{{3, 5}, {4, 5}, {5, 5}, {4, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "S R 4 5",
				cells: [][2]int{{5, 4}, {4, 5}, {5, 5}, {4, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "Z 2 4 5",
				cells: [][2]int{{4, 4}, {5, 4}, {3, 5}, {4, 5}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "J L 4 5",
				cells: [][2]int{{3, 4}, {4, 4}, {4, 5}, {4, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "I R 4 5",
				cells: [][2]int{{4, 3}, {4, 4}, {4, 5}, {4, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "O 2 4 5",
				cells: [][2]int{{3, 4}, {4, 4}, {3, 5}, {4, 5}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "T L 4 5",
				cells: [][2]int{{4, 4}, {3, 5}, {4, 5}, {4, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "S 0 4 5",
				cells: [][2]int{{3, 5}, {4, 5}, {4, 6}, {5, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "J 2 4 5",
				cells: [][2]int{{5, 4}, {3, 5}, {4, 5}, {5, 5}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "L L 4 5",
				cells: [][2]int{{4, 4}, {4, 5}, {3, 6}, {4, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "I 0 4 5",
				cells: [][2]int{{3, 5}, {4, 5}, {5, 5}, {6, 5}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "O R 4 5",
				cells: [][2]int{{4, 4}, {5, 4}, {4, 5}, {5, 5}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "S L 4 5",
				cells: [][2]int{{4, 4}, {3, 5}, {4, 5}, {3, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "Z 0 4 5",
				cells: [][2]int{{4, 5}, {5, 5}, {3, 6}, {4, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "J R 4 5",
				cells: [][2]int{{4, 4}, {4, 5}, {4, 6}, {5, 6}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece: "L 2 4 5",
				cells: [][2]int{{3, 4}, {3, 5}, {4, 5}, {5, 5}},
				flags: "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "O 0 4 5",
				cells:   [][2]int{{4, 5}, {5, 5}, {4, 6}, {5, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "T R 4 5",
				cells:   [][2]int{{4, 4}, {4, 5}, {5, 5}, {4, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "S 2 4 5",
				cells:   [][2]int{{3, 4}, {4, 4}, {4, 5}, {5, 5}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "Z L 4 5",
				cells:   [][2]int{{3, 4}, {3, 5}, {4, 5}, {4, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "L R 4 5",
				cells:   [][2]int{{4, 4}, {5, 4}, {4, 5}, {4, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "I 2 4 5",
				cells:   [][2]int{{2, 5}, {3, 5}, {4, 5}, {5, 5}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "O L 4 5",
				cells:   [][2]int{{3, 5}, {4, 5}, {3, 6}, {4, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "T 0 4 5",
				cells:   [][2]int{{3, 5}, {4, 5}, {5, 5}, {4, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "Z 2 4 5",
				cells:   [][2]int{{4, 4}, {5, 4}, {3, 5}, {4, 5}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "J L 4 5",
				cells:   [][2]int{{3, 4}, {4, 4}, {4, 5}, {4, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "L 0 4 5",
				cells:   [][2]int{{3, 5}, {4, 5}, {5, 5}, {5, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "I R 4 5",
				cells:   [][2]int{{4, 3}, {4, 4}, {4, 5}, {4, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "T L 4 5",
				cells:   [][2]int{{4, 4}, {3, 5}, {4, 5}, {4, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "S 0 4 5",
				cells:   [][2]int{{3, 5}, {4, 5}, {4, 6}, {5, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "Z R 4 5",
				cells:   [][2]int{{4, 4}, {4, 5}, {5, 5}, {5, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "J 2 4 5",
				cells:   [][2]int{{5, 4}, {3, 5}, {4, 5}, {5, 5}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "I 0 4 5",
				cells:   [][2]int{{3, 5}, {4, 5}, {5, 5}, {6, 5}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "O R 4 5",
				cells:   [][2]int{{4, 4}, {5, 4}, {4, 5}, {5, 5}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "T 2 4 5",
				cells:   [][2]int{{4, 4}, {3, 5}, {4, 5}, {5, 5}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "S L 4 5",
				cells:   [][2]int{{4, 4}, {3, 5}, {4, 5}, {3, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "J R 4 5",
				cells:   [][2]int{{4, 4}, {4, 5}, {4, 6}, {5, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "L 2 4 5",
				cells:   [][2]int{{3, 4}, {3, 5}, {4, 5}, {5, 5}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "I L 4 5",
				cells:   [][2]int{{4, 4}, {4, 5}, {4, 6}, {4, 7}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "O 0 4 5",
				cells:   [][2]int{{4, 5}, {5, 5}, {4, 6}, {5, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "S 2 4 5",
				cells:   [][2]int{{3, 4}, {4, 4}, {4, 5}, {5, 5}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "Z L 4 5",
				cells:   [][2]int{{3, 4}, {3, 5}, {4, 5}, {4, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "J 0 4 5",
				cells:   [][2]int{{3, 5}, {4, 5}, {5, 5}, {3, 6}},
				comment: "half way",
				flags:   "",
			},
			{
				field: []string{
					"XXXXXXXXX.",
				},
				piece:   "L R 4 5",
				cells:   [][2]int{{4, 4}, {5, 4}, {4, 5}, {4, 6}},
				comment: "half way",
				flags:   "",
			},
		},
	},
	{
		name:  "rise-mirror",
		fumen: "v115@MhwwHexwDeD8AewwI8AeD8A4QEAye0rDvhCKUFXVhA?AA",
		pages: []refPage{
			{
				field: []string{
					".....T....",
					"....TT....",
					"XXXX.TXXXX",
					"----------",
					"XXXXX.XXXX",
				},
				comment: "rise",
				flags:   "lock rise",
			},
			{
				field: []string{
					".....T....",
					"....TT....",
					"XXXX.TXXXX",
					"XXXXX.XXXX",
				},
				piece:   "L R 0 2",
				cells:   [][2]int{{0, 1}, {1, 1}, {0, 2}, {0, 3}},
				comment: "rise",
				flags:   "lock mirror",
			},
			{
				field: []string{
					"....T....L",
					"....TT...L",
					"XXXXT.XXLL",
					"XXXX.XXXXX",
				},
				piece:   "S 0 6 3",
				cells:   [][2]int{{5, 3}, {6, 3}, {6, 4}, {7, 4}},
				comment: "rise",
				flags:   "rise",
			},
			{
				field: []string{
					"....T....L",
					"....TT...L",
					"XXXXT.XXLL",
					"XXXX.XXXXX",
				},
				comment: "rise",
				flags:   "lock",
			},
		},
	},
	{
		name:  "quiz",
		fumen: "v115@bhD8CeC8JelLYWAFLDmClcJSAVDEHBEooRBUoAVBzX?BAAvhB3mB0cB",
		pages: []refPage{
			{
				field: []string{
					"XXXX...XXX",
				},
				piece:   "T 2 5 1",
				cells:   [][2]int{{5, 0}, {4, 1}, {5, 1}, {6, 1}},
				comment: "#Q=[](T)SZ",
				flags:   "lock colorize quiz",
			},
			{
				field: []string{
					"....TTT...",
					"XXXX.T.XXX",
				},
				piece:   "S 0 5 1",
				cells:   [][2]int{{4, 1}, {5, 1}, {5, 2}, {6, 2}},
				comment: "#Q=[](T)SZ", // tetris-fumen shows the quiz played on: "#Q=[](S)Z"
				flags:   "lock quiz",
			},
			{
				field: []string{
					".....SS...",
					"....SST...",
					"XXXX.T.XXX",
				},
				piece:   "Z 0 5 3",
				cells:   [][2]int{{5, 3}, {6, 3}, {4, 4}, {5, 4}},
				comment: "#Q=[](T)SZ", // tetris-fumen shows the quiz played on: "#Q=[](Z)"
				flags:   "lock quiz",
			},
		},
	},
}
