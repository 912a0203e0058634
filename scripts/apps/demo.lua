-- The bundled demo app for fscript's simulator: log in, browse items, open one, change settings.
-- Run it alone with `fscript serve scripts/apps/demo.lua`; the format is described in scripts/apps/README.md.
--
-- With BACKEND_URL in the launch environment it calls that server (point it at `mock.start{}` in a test):
--   POST {BACKEND_URL}/api/login  {"user":..,"password":..} -> 200 {"name":..} or 401 {"message":..}
--   GET  {BACKEND_URL}/api/items                             -> 200 {"items":[{"name":..,"detail":..}]}
-- Without it, a fake backend inside the app answers: password "secret" logs in, three items arrive after 0.5 s.

local ITEMS = {
  {name = "Apples", detail = "3 kg"},
  {name = "Bread", detail = "1 loaf"},
  {name = "Coffee", detail = "250 g"},
}

local state = {}

local function reset()
  state.user = nil
  state.notifications = true
  state.dark_mode = false
  state.volume = 0.5
  state.text_size = 2
end
reset()

local function fake_login(request)
  local body = request.json or {}
  if body.password == "secret" then
    return {status = 200, json = {name = body.user}}
  end
  return {status = 401, json = {message = "Wrong user name or password."}}
end

local function log_in(app)
  local user = app:view("username").text or ""
  local password = app:view("password").text or ""
  app:view("login").enabled = false
  app:request{
    method = "POST", url = app.env.BACKEND_URL, path = "/api/login",
    json = {user = user, password = password},
    fake = fake_login, delay = 0.2,
    on_response = function(app, response)
      local login = app:view("login")
      if login then login.enabled = true end
      -- `json` is json.null (truthy) when the answer is not JSON, and nil when none came.
      local body = type(response.json) == "table" and response.json or {}
      if response.status == 200 then
        state.user = body.name or user
        app:push("home")
      else
        local message = body.message or response.error or "Could not log in."
        app:alert{title = "Login Failed", message = message, buttons = {"OK"}}
      end
    end,
  }
end

local function item_rows(items)
  local rows = {}
  for i, item in ipairs(items) do
    rows[i] = {text = item.name, detail = item.detail, on_touch = function(app)
      state.item = item
      app:push("detail")
    end}
  end
  return rows
end

local function load_items(app)
  app:view("spinner").animating = true
  app:request{
    method = "GET", url = app.env.BACKEND_URL, path = "/api/items",
    fake = function() return {status = 200, json = {items = ITEMS}} end, delay = 0.5,
    on_response = function(app, response)
      local spinner, table = app:view("spinner"), app:view("items")
      if not table then return end -- the screen was left before the items arrived
      spinner.animating = false
      spinner.hidden = true
      table.rows = item_rows(response.status == 200 and type(response.json) == "table" and response.json.items or {})
    end,
  }
end

return {
  name = "Demo",
  start = "login",

  screens = {
    login = screen{
      title = "Log In",
      label{text = "Welcome to the demo", align = "center", font_size = 22},
      text_field{id = "username", placeholder = "User name", label = "User name"},
      text_field{id = "password", placeholder = "Password", label = "Password", secure = true,
        on_return = log_in},
      button{id = "login", title = "Log In", on_touch = log_in},
    },

    home = screen{
      title = "Home",
      on_appear = function(app)
        app:view("welcome").text = "Welcome, " .. (state.user or "guest")
        if app:view("items").rows == 0 then load_items(app) end
      end,
      label{id = "welcome", text = "Welcome"},
      button{id = "settings", title = "Settings", on_touch = function(app) app:push("settings") end},
      spinner{id = "spinner", label = "Loading", frame = {x = 177, y = 130, w = 20, h = 20}},
      table_view{id = "items", label = "Items", frame = {x = 0, y = 160, w = 375, h = 443}},
    },

    detail = screen{
      title = "Item",
      on_appear = function(app)
        app:view("name").text = state.item and state.item.name or ""
        app:view("amount").text = state.item and state.item.detail or ""
      end,
      label{id = "name", font_size = 24},
      label{id = "amount"},
      button{id = "add_to_basket", title = "Add to Basket", on_touch = function(app)
        app:animate{view = app:view("basket"), what = "basket bounce", duration = 0.4, on_done = function(app)
          app:view("basket").text = "In basket"
        end}
      end},
      label{id = "basket", text = ""},
    },

    settings = screen{
      title = "Settings",
      on_appear = function(app)
        app:view("notifications").on = state.notifications
        app:view("dark_mode").on = state.dark_mode
        app:view("volume").value = state.volume
        app:view("text_size").selected = state.text_size
      end,
      label{text = "Notifications"},
      switch{id = "notifications", label = "Notifications", on_change = function(app, view, on)
        state.notifications = on
      end},
      label{text = "Dark mode"},
      switch{id = "dark_mode", label = "Dark mode", on_change = function(app, view, on) state.dark_mode = on end},
      label{text = "Volume"},
      slider{id = "volume", label = "Volume", on_change = function(app, view, value) state.volume = value end},
      label{text = "Text size"},
      segmented{id = "text_size", label = "Text size", segments = {"Small", "Medium", "Large"},
        on_change = function(app, view, index) state.text_size = index end},
      button{id = "log_out", title = "Log Out", on_touch = function(app)
        state.user = nil
        app:pop_to_root()
      end},
    },
  },

  -- SIGNED_IN_AS in the launch environment starts the app signed in (a test renders the signed-in variant of a
  -- screen with it, without logging in).
  on_launch = function(app)
    reset()
    state.user = app.env.SIGNED_IN_AS
  end,

  exec = {
    resetData = function(app)
      reset()
      return "reset"
    end,
    currentUser = function(app) return state.user end,
  },
}
