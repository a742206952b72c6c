// Package scenes is Kocka's game window: a stack of scenes (title, menus,
// play, pause, results, settings, high scores, replays, watching the bot),
// the input mapping, the HUD, and the saved settings, high scores and
// replays.
//
// Data flows one way. Input is read once per tick into a Frame (Reader);
// play scenes turn it into an engine.Input through a Driver (a person, the
// bot, a replay) and call engine.Game.Tick; scenes draw from the game's
// state and react to the engine's events (sounds, flashes, call-outs). The
// rules live in package engine only.
//
// Drawing goes through a Renderer that batches every quad of a frame (minos,
// rectangles, letters) from one atlas made by package sprites into one
// DrawTriangles call, on a 640x360 logical screen scaled by a whole number.
//
// Saving never blocks a tick: settings, scores and replays go to a Store
// (files written atomically natively, localStorage in the browser) from a
// background saver. A damaged file is reported on screen, kept as .bak, and
// the defaults are used.
//
// Everything but the thin Ebitengine glue (App.Update, App.Draw, Reader,
// Renderer, Audio) works without a display, so the stack, menus, settings,
// key rebinding, high scores, replays and persistence are tested by feeding
// Frames to App.Step.
package scenes
