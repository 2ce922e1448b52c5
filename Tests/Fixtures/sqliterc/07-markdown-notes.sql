create table customer(id integer primary key, name text not null, city text, joined text);
insert into customer values (1, 'Ada Lovelace', 'London', '1842-01-01'), (2, 'Grace Hopper', NULL, '1944-06-01'),
  (3, 'Edsger Dijkstra', 'Eindhoven', NULL), (4, 'Barbara Liskov', 'Boston', '1968-09-01');
create table orders(id integer primary key, customer_id integer references customer(id), total real, note text);
insert into orders values (10, 1, 12.5, 'first'), (11, 1, 3.0, NULL), (12, 2, 99.99, 'bulk, "fast"'),
  (13, 4, 0.1, 'it''s small'), (14, NULL, 7, 'walk-in');
select id, name, city from customer;
