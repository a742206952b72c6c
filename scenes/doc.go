// Package scenes is Kocka's game window: a stack of scenes (title, menus,
// play, pause, results, settings, high scores), the input mapping, the HUD,
// and the saved settings and high scores.
//
// Data flows one way. Input is read once per tick into a Frame; play scenes
// turn it into an engine.Input and call engine.Game.Tick; scenes draw from
// the game's state and react to the engine's events (sounds, flashes,
// call-outs). The rules live in package engine only.
//
// Everything but the thin Ebitengine glue (App.Update, App.Draw, ReadFrame,
// the Renderer and Audio) works without a display, so the stack, menus,
// settings, key rebinding, high scores and persistence are tested by
// feeding Frames to App.Step.
package scenes
