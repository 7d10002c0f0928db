import { Migration } from '@mikro-orm/migrations';

export class Migration20261121201126 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`audit_entries\` (\`id\` text not null, \`action\` text not null, \`entity_type\` text not null default 'task', \`entity_id\` text null, \`description\` text not null default '', \`user_id\` text null, \`task_id\` text null, \`readers\` json null, \`old_values\` text null, \`new_values\` text null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`audit_entries_user_id_index\` on \`audit_entries\` (\`user_id\`);`);
    this.addSql(`create index \`audit_entries_created_at_index\` on \`audit_entries\` (\`created_at\`);`);
    this.addSql(`create index \`audit_entries_task_id_created_at_index\` on \`audit_entries\` (\`task_id\`, \`created_at\`);`);

    this.addSql(
      `create table \`functions\` (\`id\` text not null, \`name\` text not null, \`description\` text null, \`color\` text not null default '#3b82f6', \`head_id\` text null, \`is_active\` integer not null default true, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );

    this.addSql(
      `create table \`projects\` (\`id\` text not null, \`name\` text not null, \`description\` text null, \`charter\` text null, \`color\` text not null default '#3b82f6', \`project_type\` text not null default 'team', \`visibility\` text not null default 'members', \`status\` text not null default 'planning', \`priority\` text not null default 'medium', \`progress\` integer not null default 0, \`project_manager_id\` text null, \`function_id\` text null, \`start_date\` datetime null, \`end_date\` datetime null, \`is_active\` integer not null default true, \`created_by_id\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );

    this.addSql(
      `create table \`sessions\` (\`sid\` text not null, \`user_id\` text null, \`data\` text not null, \`expires_at\` datetime not null, primary key (\`sid\`));`,
    );
    this.addSql(`create index \`sessions_user_id_index\` on \`sessions\` (\`user_id\`);`);
    this.addSql(`create index \`sessions_expires_at_index\` on \`sessions\` (\`expires_at\`);`);

    this.addSql(
      `create table \`subtasks\` (\`id\` text not null, \`task_id\` text not null, \`title\` text not null, \`description\` text null, \`assigned_to_id\` text null, \`status\` text not null default 'Not Started', \`due_date\` datetime null, \`estimated_hours\` double not null default 0, \`comments\` text null, \`tags\` json not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`subtasks_task_id_index\` on \`subtasks\` (\`task_id\`);`);

    this.addSql(
      `create table \`system_configs\` (\`id\` text not null, \`config_type\` text not null, \`config_key\` text not null, \`display_label\` text not null, \`color\` text null, \`is_active\` integer not null default true, \`value\` text null, \`sort_order\` integer not null default 0, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`system_configs_config_type_config_key_unique\` on \`system_configs\` (\`config_type\`, \`config_key\`);`);

    this.addSql(
      `create table \`tasks\` (\`id\` text not null, \`title\` text not null, \`description\` text null, \`project\` text null, \`category\` text not null default 'dev', \`priority\` text not null default 'medium', \`status\` text not null default 'Planned', \`progress\` integer not null default 0, \`column\` text not null default 'unscheduled', \`tags\` json not null, \`due_date\` datetime null, \`scheduled_date\` datetime null, \`scheduled_time\` text null, \`estimated_hours\` double null, \`assigned_to_id\` text null, \`created_by_id\` text null, \`is_repeatable\` integer not null default false, \`repeat_pattern\` text null, \`repeat_interval\` integer not null default 1, \`repeat_end_date\` datetime null, \`completed_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`tasks_updated_at_index\` on \`tasks\` (\`updated_at\`);`);
    this.addSql(`create index \`tasks_created_by_id_index\` on \`tasks\` (\`created_by_id\`);`);
    this.addSql(`create index \`tasks_assigned_to_id_index\` on \`tasks\` (\`assigned_to_id\`);`);

    this.addSql(
      `create table \`task_comments\` (\`id\` text not null, \`task_id\` text not null, \`user_id\` text not null, \`content\` text not null, \`comment_type\` text not null default 'comment', \`is_internal\` integer not null default false, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`task_comments_task_id_index\` on \`task_comments\` (\`task_id\`);`);

    this.addSql(
      `create table \`task_events\` (\`seq\` integer not null primary key autoincrement, \`kind\` text not null, \`task_id\` text not null, \`entity_id\` text null, \`actor_id\` text null, \`readers\` json not null, \`created_at\` datetime not null);`,
    );
    this.addSql(`create index \`task_events_task_id_index\` on \`task_events\` (\`task_id\`);`);
    this.addSql(`create index \`task_events_created_at_index\` on \`task_events\` (\`created_at\`);`);

    this.addSql(
      `create table \`task_templates\` (\`id\` text not null, \`name\` text not null, \`title\` text not null, \`description\` text null, \`project\` text null, \`category\` text not null default 'dev', \`priority\` text not null default 'medium', \`estimated_hours\` double not null default 0, \`tags\` json not null, \`default_assignee_id\` text null, \`created_by_id\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );

    this.addSql(
      `create table \`task_views\` (\`id\` text not null, \`name\` text not null, \`description\` text null, \`filters\` json not null, \`columns\` json not null, \`sort_by\` text not null default 'updatedAt', \`sort_order\` text not null default 'desc', \`is_public\` integer not null default false, \`shared_with\` json not null, \`created_by_id\` text not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`task_views_created_by_id_index\` on \`task_views\` (\`created_by_id\`);`);

    this.addSql(
      `create table \`teams\` (\`id\` text not null, \`name\` text not null, \`description\` text null, \`function_id\` text not null, \`manager_id\` text null, \`color\` text not null default '#6b7280', \`skill_categories\` json not null, \`is_active\` integer not null default true, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`teams_function_id_index\` on \`teams\` (\`function_id\`);`);

    this.addSql(
      `create table \`team_members\` (\`id\` text not null, \`team_id\` text not null, \`user_id\` text not null, \`is_active\` integer not null default true, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`team_members_user_id_index\` on \`team_members\` (\`user_id\`);`);
    this.addSql(`create unique index \`team_members_team_id_user_id_unique\` on \`team_members\` (\`team_id\`, \`user_id\`);`);

    this.addSql(
      `create table \`template_subtasks\` (\`id\` text not null, \`template_id\` text not null, \`title\` text not null, \`description\` text null, \`status\` text not null default 'Not Started', \`estimated_hours\` double not null default 0, \`position\` integer not null default 0, primary key (\`id\`));`,
    );
    this.addSql(`create index \`template_subtasks_template_id_index\` on \`template_subtasks\` (\`template_id\`);`);

    this.addSql(
      `create table \`users\` (\`id\` text not null, \`username\` text not null, \`password_hash\` text null, \`email\` text not null, \`first_name\` text not null default '', \`last_name\` text not null default '', \`role\` text not null default 'member', \`manager_id\` text null, \`profile_image_url\` text null, \`is_active\` integer not null default true, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`users_username_unique\` on \`users\` (\`username\`);`);
    this.addSql(`create index \`users_manager_id_index\` on \`users\` (\`manager_id\`);`);
  }
}
