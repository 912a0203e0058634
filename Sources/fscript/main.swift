// The command line entry point; FScript holds the commands.
