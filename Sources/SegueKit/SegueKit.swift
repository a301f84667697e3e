// SegueKit: Segue as a Swift library. It brings the core (specs, binding, update, render), the
// disk (spec and settings files) and the terminal runner, plus what only Swift can give:
// handlers, composed screens, cell renderers.
@_exported import SegueCore
@_exported import SegueFiles
@_exported import SegueTerminal
