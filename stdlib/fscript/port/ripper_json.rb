# Prints the syntax tree of each Ruby file named on the command line as one JSON object
# {"PATH": {"tree": TREE, "comments": [[LINE, COLUMN, TEXT], ...]}, ...}: Ripper's S-expression (Ruby's own parser, so `fscript port` never guesses at Ruby's
# grammar), with symbols as strings and nil as false (JSON null would leave holes in Lua's lists). Tokens keep
# their [line, column]. Comments come from Ripper's lexer. A file Ruby cannot parse maps to {"error": "LINE: message"}. Used by fscript.port.main.
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

trees = {}
ARGV.each do |path|
  source = File.read(path, encoding: 'UTF-8')
  parser = CheckedRipper.new(source, path)
  tree = parser.parse
  if parser.failure || tree.nil?
    trees[path] = { 'error' => parser.failure || 'Ruby could not parse it' }
  else
    comments = Ripper.lex(source).select { |(_, kind)| kind == :on_comment }
                     .map { |((line, column), _, text)| [line, column, text.chomp] }
    trees[path] = { 'tree' => plain(tree), 'comments' => comments }
  end
end
print JSON.generate(trees)
