# Prints the syntax tree of each Ruby file named on standard input (NUL-separated, so a name may hold a newline)
# as one JSON line per file, in the same order: {"tree": TREE, "comments": [[LINE, COLUMN, TEXT], ...]}. Ripper's
# S-expression (Ruby's own parser, so `fscript port` never guesses at Ruby's grammar), with symbols as strings and
# nil as false (JSON null would leave holes in Lua's lists). Tokens keep their [line, column]. Comments come from
# Ripper's lexer. A file Ruby cannot read or parse maps to {"error": "LINE: message"} and the others go on.
# Used by fscript.port.main, which reads standard output from a file, one line at a time (so Ctrl-C is heard
# between files), and keeps standard error apart.
require 'ripper'
require 'json'

# Ripper that remembers its first syntax error instead of returning a bare nil.
class CheckedRipper < Ripper::SexpBuilderPP
  attr_reader :failure

  def on_parse_error(message)
    @failure ||= "#{lineno}: #{message}"
  end
  alias compile_error on_parse_error
end

def plain(node)
  case node
  when Array then node.map { |child| plain(child) }
  when Symbol then node.to_s
  when nil then false
  else node
  end
end

# One file's entry as JSON text: its tree and comments, or why there is none.
def entry(path)
  source = File.read(path, encoding: 'UTF-8')
  parser = CheckedRipper.new(source, path)
  tree = parser.parse
  return JSON.generate({ 'error' => parser.failure || 'Ruby could not parse it' }) if parser.failure || tree.nil?

  comments = Ripper.lex(source).select { |(_, kind)| kind == :on_comment }
                   .map { |((line, column), _, text)| [line, column, text.chomp] }
  JSON.generate({ 'tree' => plain(tree), 'comments' => comments })
rescue StandardError, ScriptError => e
  # An unknown magic-comment encoding, bytes that are not UTF-8, an unreadable file: this file fails alone.
  JSON.generate({ 'error' => "#{e.class}: #{e.message}".scrub('?') })
end

paths = $stdin.binmode.read.split("\0")
paths.each { |path| puts entry(path) }
