# language: zh-CN
功能: 笔记本
  场景: 两条记录
    假如a fresh notebook
    当I write "一"
    并且I write "二"
    那么the notebook holds 2 entries
