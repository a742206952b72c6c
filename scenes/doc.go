// Package scenes is Kocka's game window: a stack of scenes (title, menus,
// play, pause, results, settings, high scores, replays, watching the bot,
// the thrower's versus modes) and the input mapping.
//
// Data flows one way. Input is read once per tick into a Frame (Reader);
// play scenes turn it into an engine.Input through a Driver (a person, the
// bot, a replay) and call engine.Game.Tick; scenes draw from the game's
// state and react to the engine's events (sounds, flashes, call-outs). The
// rules live in package engine only.
//
// A scene sees the App only through a Context: the tick's input, the
// stack, the settings and scores and the saved data (package persist),
// sound (package sound), messages and seeds. Draw gets only a renderer
// (package draw), so a scene draws from what it kept while updating;
// scenes that show saved data copy it in prepare, after each tick.
//
// Everything but the thin Ebitengine glue (App.Update, App.Draw, Reader,
// the renderer, sound.Audio) works without a display, so the stack, menus,
// settings, key rebinding, high scores, replays and persistence are tested
// by feeding Frames to App.Step.
package scenes
