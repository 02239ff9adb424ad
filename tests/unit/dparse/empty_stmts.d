BEGIN {}
BEGIN { ; }
BEGIN { ;; x = 1;; y = 2 }
BEGIN
/1/
{}
