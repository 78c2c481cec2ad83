"""The command line's sub-commands, one module per command group.

Each module has ``register(sub)``, which adds its sub-parsers to the ``refapp`` parser and sets each one's handler
(``set_defaults(func=...)``, a function taking the parsed arguments and returning the exit status). A handler raises
:class:`refapp.commands.common.CliError` for bad input: :func:`refapp.cli.main` prints it as one line and exits
with status 2.

To add a command group: a module here with ``register(sub)``, and its name in :func:`refapp.cli.command_groups`.
Modules import what their handlers need inside the handlers, so that ``refapp`` (the GUI) starts without loading
the commands' dependencies.
"""
