-- The app Tests/frank_corpus runs against: a note, a counter with its button, a greeting button, a name
-- field and a table of fruits, for the step definitions fscript port converts from the corpus's Ruby.
return {
  name = "Corpus",
  screens = {
    main = screen{
      title = "Corpus",
      label{id = "note", label = "note", text = "Ready"},
      label{id = "count", label = "count", text = "count: 0"},
      button{title = "Add", on_touch = function(app)
        local view = app:view("count")
        view.text = ("count: %d"):format(tonumber(view.text:match("%d+")) + 1)
      end},
      button{title = "Greet", on_touch = function(app) app:view("note").text = "Hello" end},
      text_field{placeholder = "Name", label = "Name"},
      table_view{rows = {"Apples", "Pears", "Plums"}},
    },
  },
}
