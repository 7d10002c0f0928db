import { Migration } from '@mikro-orm/migrations';

export class Migration20261121201126 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "audit_entries" ("id" varchar(36) not null, "action" varchar(40) not null, "entity_type" varchar(40) not null default 'task', "entity_id" varchar(36) null, "description" text not null default '', "user_id" varchar(36) null, "task_id" varchar(36) null, "readers" jsonb null, "old_values" text null, "new_values" text null, "created_at" timestamptz not null, constraint "audit_entries_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "audit_entries_user_id_index" on "audit_entries" ("user_id");`);
    this.addSql(`create index "audit_entries_created_at_index" on "audit_entries" ("created_at");`);
    this.addSql(`create index "audit_entries_task_id_created_at_index" on "audit_entries" ("task_id", "created_at");`);

    this.addSql(
      `create table "functions" ("id" varchar(36) not null, "name" varchar(200) not null, "description" text null, "color" varchar(20) not null default '#3b82f6', "head_id" varchar(36) null, "is_active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "functions_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "projects" ("id" varchar(36) not null, "name" varchar(200) not null, "description" text null, "charter" text null, "color" varchar(20) not null default '#3b82f6', "project_type" varchar(30) not null default 'team', "visibility" varchar(30) not null default 'members', "status" varchar(20) not null default 'planning', "priority" varchar(20) not null default 'medium', "progress" int not null default 0, "project_manager_id" varchar(36) null, "function_id" varchar(36) null, "start_date" timestamptz null, "end_date" timestamptz null, "is_active" boolean not null default true, "created_by_id" varchar(36) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "projects_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "sessions" ("sid" varchar(128) not null, "user_id" varchar(36) null, "data" text not null, "expires_at" timestamptz not null, constraint "sessions_pkey" primary key ("sid"));`,
    );
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(
      `create table "subtasks" ("id" varchar(36) not null, "task_id" varchar(36) not null, "title" varchar(500) not null, "description" text null, "assigned_to_id" varchar(36) null, "status" varchar(20) not null default 'Not Started', "due_date" timestamptz null, "estimated_hours" double precision not null default 0, "comments" text null, "tags" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "subtasks_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "subtasks_task_id_index" on "subtasks" ("task_id");`);

    this.addSql(
      `create table "system_configs" ("id" varchar(36) not null, "config_type" varchar(50) not null, "config_key" varchar(100) not null, "display_label" varchar(200) not null, "color" varchar(20) null, "is_active" boolean not null default true, "value" text null, "sort_order" int not null default 0, "created_at" timestamptz not null, constraint "system_configs_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "system_configs" add constraint "system_configs_config_type_config_key_unique" unique ("config_type", "config_key");`);

    this.addSql(
      `create table "tasks" ("id" varchar(36) not null, "title" varchar(500) not null, "description" text null, "project" varchar(200) null, "category" varchar(100) not null default 'dev', "priority" varchar(100) not null default 'medium', "status" varchar(20) not null default 'Planned', "progress" int not null default 0, "column" varchar(20) not null default 'unscheduled', "tags" jsonb not null, "due_date" timestamptz null, "scheduled_date" timestamptz null, "scheduled_time" varchar(5) null, "estimated_hours" double precision null, "assigned_to_id" varchar(36) null, "created_by_id" varchar(36) null, "is_repeatable" boolean not null default false, "repeat_pattern" varchar(10) null, "repeat_interval" int not null default 1, "repeat_end_date" timestamptz null, "completed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "tasks_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "tasks_updated_at_index" on "tasks" ("updated_at");`);
    this.addSql(`create index "tasks_created_by_id_index" on "tasks" ("created_by_id");`);
    this.addSql(`create index "tasks_assigned_to_id_index" on "tasks" ("assigned_to_id");`);

    this.addSql(
      `create table "task_comments" ("id" varchar(36) not null, "task_id" varchar(36) not null, "user_id" varchar(36) not null, "content" text not null, "comment_type" varchar(20) not null default 'comment', "is_internal" boolean not null default false, "created_at" timestamptz not null, constraint "task_comments_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "task_comments_task_id_index" on "task_comments" ("task_id");`);

    this.addSql(
      `create table "task_events" ("seq" serial primary key, "kind" varchar(40) not null, "task_id" varchar(36) not null, "entity_id" varchar(36) null, "actor_id" varchar(36) null, "readers" jsonb not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "task_events_task_id_index" on "task_events" ("task_id");`);
    this.addSql(`create index "task_events_created_at_index" on "task_events" ("created_at");`);

    this.addSql(
      `create table "task_templates" ("id" varchar(36) not null, "name" varchar(200) not null, "title" varchar(500) not null, "description" text null, "project" varchar(200) null, "category" varchar(100) not null default 'dev', "priority" varchar(100) not null default 'medium', "estimated_hours" double precision not null default 0, "tags" jsonb not null, "default_assignee_id" varchar(36) null, "created_by_id" varchar(36) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "task_templates_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "task_views" ("id" varchar(36) not null, "name" varchar(200) not null, "description" text null, "filters" jsonb not null, "columns" jsonb not null, "sort_by" varchar(20) not null default 'updatedAt', "sort_order" varchar(4) not null default 'desc', "is_public" boolean not null default false, "shared_with" jsonb not null, "created_by_id" varchar(36) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "task_views_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "task_views_created_by_id_index" on "task_views" ("created_by_id");`);

    this.addSql(
      `create table "teams" ("id" varchar(36) not null, "name" varchar(200) not null, "description" text null, "function_id" varchar(36) not null, "manager_id" varchar(36) null, "color" varchar(20) not null default '#6b7280', "skill_categories" jsonb not null, "is_active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "teams_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "teams_function_id_index" on "teams" ("function_id");`);

    this.addSql(
      `create table "team_members" ("id" varchar(36) not null, "team_id" varchar(36) not null, "user_id" varchar(36) not null, "is_active" boolean not null default true, "created_at" timestamptz not null, constraint "team_members_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "team_members_user_id_index" on "team_members" ("user_id");`);
    this.addSql(`alter table "team_members" add constraint "team_members_team_id_user_id_unique" unique ("team_id", "user_id");`);

    this.addSql(
      `create table "template_subtasks" ("id" varchar(36) not null, "template_id" varchar(36) not null, "title" varchar(500) not null, "description" text null, "status" varchar(20) not null default 'Not Started', "estimated_hours" double precision not null default 0, "position" int not null default 0, constraint "template_subtasks_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "template_subtasks_template_id_index" on "template_subtasks" ("template_id");`);

    this.addSql(
      `create table "users" ("id" varchar(36) not null, "username" varchar(100) not null, "password_hash" varchar(255) null, "email" varchar(255) not null, "first_name" varchar(100) not null default '', "last_name" varchar(100) not null default '', "role" varchar(20) not null default 'member', "manager_id" varchar(36) null, "profile_image_url" varchar(2000) null, "is_active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "users_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);
    this.addSql(`create index "users_manager_id_index" on "users" ("manager_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_entries" cascade;`);

    this.addSql(`drop table if exists "functions" cascade;`);

    this.addSql(`drop table if exists "projects" cascade;`);

    this.addSql(`drop table if exists "sessions" cascade;`);

    this.addSql(`drop table if exists "subtasks" cascade;`);

    this.addSql(`drop table if exists "system_configs" cascade;`);

    this.addSql(`drop table if exists "tasks" cascade;`);

    this.addSql(`drop table if exists "task_comments" cascade;`);

    this.addSql(`drop table if exists "task_events" cascade;`);

    this.addSql(`drop table if exists "task_templates" cascade;`);

    this.addSql(`drop table if exists "task_views" cascade;`);

    this.addSql(`drop table if exists "teams" cascade;`);

    this.addSql(`drop table if exists "team_members" cascade;`);

    this.addSql(`drop table if exists "template_subtasks" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);
  }
}
