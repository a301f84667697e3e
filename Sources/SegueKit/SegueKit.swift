// SegueKit: Segue as a Swift library. It brings the core (specs, binding, update, render) and
// the terminal runner, plus what only Swift can give: handlers, composed screens, cell renderers.
@_exported import SegueCore
@_exported import SegueTerminal
